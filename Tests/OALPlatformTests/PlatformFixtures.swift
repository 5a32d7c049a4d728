import Foundation
import OALDomain

@testable import OALPlatform

/// Calendars and instants the platform tests share.
enum PlatformFixtures {
    static func calendar(_ zone: String = "America/New_York") -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        return calendar
    }

    /// A local wall-clock instant in `calendar`'s zone.
    static func at(
        _ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int = 0, in calendar: Calendar = calendar()
    ) -> Date {
        calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))!
    }

    static func daily(_ start: (Int, Int), _ end: (Int, Int), repeats: Bool = true) -> DeviceActivitySchedule {
        DeviceActivitySchedule(
            intervalStart: .timeOfDay(hour: start.0, minute: start.1),
            intervalEnd: .timeOfDay(hour: end.0, minute: end.1), repeats: repeats)
    }

    static func temporaryRoot() throws -> DeviceRoot {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "oal-platform-\(UUID().uuidString)", isDirectory: true)
        let root = DeviceRoot(url)
        try root.create()
        return root
    }
}
