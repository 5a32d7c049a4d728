import Foundation
import GuestRuntime
import OALPlatform
import OALStore
import SwiftUI
import Testing

/// A view's calendar is the emulated device's, not the host's: the
/// prelude's `Calendar.current` shadows Foundation's only in the guest's
/// module, so the SwiftUI stand-in asks the device's clock. In the
/// serialized SwiftData suite: the guest device installed here is one per
/// process.
extension SwiftDataTests {
    @MainActor
    @Test func aViewsCalendarAndDatesAreTheDevicesTimeZone() throws {
        let base = try Self.installDevice("swiftui-calendar")
        defer {
            GuestDevice.uninstall()
            try? FileManager.default.removeItem(at: base)
        }
        let instant = Date(timeIntervalSince1970: 1_790_000_000)
        try EmulatedClock(system: AppGroupContainer(url: DeviceRoot(base).system)).set(
            ClockState(now: instant, timeZoneIdentifier: "Pacific/Kiritimati"))
        let kiritimati = try #require(TimeZone(identifier: "Pacific/Kiritimati"))
        #expect(EnvironmentValues().timeZone == kiritimati)
        #expect(EnvironmentValues().calendar.timeZone == kiritimati)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = kiritimati
        let expected = instant.formatted(Date.FormatStyle(calendar: calendar, timeZone: kiritimati))
        #expect(Text(instant, style: .time).description == expected)
    }
}
