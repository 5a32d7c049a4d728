import Foundation
import OALPlatform
import OALScenario
import OALSystem

/// `oal-device timeline`: the trace of a device root drawn as text.
package enum Timeline {
    package static func render(root: DeviceRoot, maxColumns: Int = 96, color: ColorPolicy = .plain) throws -> String {
        let events = try TraceLog.read(root.trace).compactMap { try? $0.get() }
        let calendar = try EmulatedPlatform(root: root).clock.calendar()
        guard let model = TimelineModel(events: events) else { return "the trace is empty: nothing to draw\n" }
        return TimelineRenderer(calendar: calendar, maxColumns: maxColumns, color: color).render(model)
    }
}
