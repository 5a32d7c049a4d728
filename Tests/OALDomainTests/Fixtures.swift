import Foundation
import OALDomain

/// Builders shared by the suites: calendars in named zones, instants
/// written as ISO 8601 with an explicit offset (unambiguous on DST days),
/// and rules of each kind.
enum Fixture {
    static let ruleA = UUID(uuidString: "00000000-0000-0000-0000-00000000000A")!
    static let ruleB = UUID(uuidString: "00000000-0000-0000-0000-00000000000B")!
    static let ruleC = UUID(uuidString: "00000000-0000-0000-0000-00000000000C")!
    static let listA = UUID(uuidString: "10000000-0000-0000-0000-00000000000A")!
    static let listB = UUID(uuidString: "10000000-0000-0000-0000-00000000000B")!
    static let created = Date(timeIntervalSince1970: 1_700_000_000)

    static func calendar(_ zone: String = "UTC") -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        return calendar
    }

    static let utc = calendar("UTC")
    static let newYork = calendar("America/New_York")

    /// "2026-11-27T22:00:00Z" or "2026-03-08T03:00:00-04:00".
    static func at(_ text: String) -> Date {
        let formatter = ISO8601DateFormatter()
        guard let date = formatter.date(from: text) else { fatalError("bad fixture instant \(text)") }
        return date
    }

    static func schedule(
        _ start: Int, _ end: Int, days: DaySet = .everyDay, id: UUID = ruleA, hardMode: Bool = false,
        isEnabled: Bool = true, pausedUntil: Date? = nil, mode: SelectionMode = .block, adult: Bool = false,
        appListID: UUID? = nil
    ) -> Rule {
        let config = try! ScheduleConfig(
            startMinutes: start, endMinutes: end, selectionMode: mode, blockAdultContent: adult)
        return Rule(
            id: id, name: "", isEnabled: isEnabled, hardMode: hardMode, appListID: appListID, days: days,
            pausedUntil: pausedUntil, createdAt: created, configuration: .schedule(config))
    }

    static func timeLimit(
        _ minutes: Int, days: DaySet = .everyDay, id: UUID = ruleA, hardMode: Bool = false,
        isEnabled: Bool = true, pausedUntil: Date? = nil
    ) -> Rule {
        Rule(
            id: id, name: "", isEnabled: isEnabled, hardMode: hardMode, days: days, pausedUntil: pausedUntil,
            createdAt: created, configuration: .timeLimit(try! TimeLimitConfig(dailyLimitMinutes: minutes)))
    }

    static func openLimit(
        _ opens: Int, days: DaySet = .everyDay, id: UUID = ruleA, hardMode: Bool = false,
        isEnabled: Bool = true, pausedUntil: Date? = nil
    ) -> Rule {
        Rule(
            id: id, name: "", isEnabled: isEnabled, hardMode: hardMode, days: days, pausedUntil: pausedUntil,
            createdAt: created, configuration: .openLimit(try! OpenLimitConfig(maxOpens: opens)))
    }

    static func minutes(_ hour: Int, _ minute: Int = 0) -> Int { hour * 60 + minute }

    static let selection = AppSelection(
        applications: [ApplicationToken("app.social"), ApplicationToken("app.game")],
        categories: [CategoryToken("cat.games")],
        webDomains: [WebDomainToken("example.com")])
}
