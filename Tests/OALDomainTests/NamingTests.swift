import Foundation
import OALDomain
import Testing

@Suite struct NamingTests {
    static let id = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!

    @Test func activityNamesRoundTrip() {
        let names: [ActivityName] = [
            .limit(Self.id), .limitDay(Self.id, DayKey("2026-11-30")!), .scheduleWindow(Self.id),
            .scheduleAfterMidnight(Self.id), .openSession(Self.id),
        ]
        #expect(
            names.map(\.rawValue) == [
                "rule-E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
                "rule-E621E1F8-C36C-495A-93FC-0C247A3E6E5F-2026-11-30",
                "sched-E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
                "sched2-E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
                "open-session-E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
            ])
        for name in names {
            #expect(ActivityName(rawValue: name.rawValue) == name)
            #expect(ActivityName(rawValue: name.rawValue)?.ruleID == Self.id)
        }
    }

    static let rejectedActivityNames = [
        "",
        "rule-",
        "rule",
        "sched",
        "E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
        "rule-e621e1f8-c36c-495a-93fc-0c247a3e6e5f",  // lowercase
        "rule-E621E1F8-C36C-495A-93FC-0C247A3E6E5f",  // one lowercase digit
        "rule-E621E1F8C36C495A93FC0C247A3E6E5F",  // no hyphens
        "rule-{E621E1F8-C36C-495A-93FC-0C247A3E6E5F}",
        "rule-E621E1F8-C36C-495A-93FC-0C247A3E6E5",  // short
        "rule-E621E1F8-C36C-495A-93FC-0C247A3E6E5FF",  // long
        "rule-E621E1F8-C36C-495A-93FC-0C247A3E6E5F ",  // trailing space
        "rule-E621E1F8-C36C-495A-93FC-0C247A3E6E5F\n",
        " rule-E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
        "Rule-E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
        "rules-E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
        "sched3-E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
        "sched--E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
        "open-E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
        "session-E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
        "open-session-E621E1F8-C36C-495A-93FC-0C247A3E6E5F-x",
        "rule-G621E1F8-C36C-495A-93FC-0C247A3E6E5F",  // not hex
        "rule-E621E1F8-C36C-495A-93FC-0C247A3E6E5F-E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
        "minutes-5",
        "rule-E621E1F8-C36C-495A-93FC-0C247A3E6E5F-",
        "rule-E621E1F8-C36C-495A-93FC-0C247A3E6E5F-2026-1-30",
        "rule-E621E1F8-C36C-495A-93FC-0C247A3E6E5F-2026-11-3",
        "rule-E621E1F8-C36C-495A-93FC-0C247A3E6E5F-2026-13-30",
        "rule-E621E1F8-C36C-495A-93FC-0C247A3E6E5F-2026-11-30 ",
        "rule-E621E1F8-C36C-495A-93FC-0C247A3E6E5F_2026-11-30",
        "rule-E621E1F8-C36C-495A-93FC-0C247A3E6E5F-20261130",
        "rule-E621E1F8-C36C-495A-93FC-0C247A3E6E5F-2026-11-3x",
        "rule-E621E1F8-C36C-495A-93FC-0C247A3E6E5F-+026-11-30",
        "rule-e621e1f8-c36c-495a-93fc-0c247a3e6e5f-2026-11-30",
        "sched-E621E1F8-C36C-495A-93FC-0C247A3E6E5F-2026-11-30",
    ]

    @Test(arguments: rejectedActivityNames)
    func activityNameRejects(_ text: String) {
        #expect(ActivityName(rawValue: text) == nil)
    }

    @Test func eventNamesRoundTrip() {
        #expect(EventName(minutes: 1)?.rawValue == "minutes-1")
        #expect(EventName(rawValue: "minutes-1")?.minutes == 1)
        #expect(EventName(rawValue: "minutes-45")?.minutes == 45)
        #expect(EventName(rawValue: "minutes-1440")?.minutes == 1440)
        #expect(EventName(minutes: 0) == nil)
        #expect(EventName(minutes: -3) == nil)
    }

    static let rejectedEventNames = [
        "", "minutes-", "minutes", "minutes-0", "minutes-00", "minutes-01", "minutes--1", "minutes-+1",
        "minutes-1 ", " minutes-1", "minutes-1x", "minutes-1.0", "Minutes-1", "minute-1", "minutes_1",
        "minutes-١", "minutes-９", "minutes-99999999999999999999999", "rule-1",
    ]

    @Test(arguments: rejectedEventNames)
    func eventNameRejects(_ text: String) {
        #expect(EventName(rawValue: text) == nil)
    }

    @Test func namesDecodeStrictlyFromJSON() throws {
        let good = Data(#"["sched2-E621E1F8-C36C-495A-93FC-0C247A3E6E5F"]"#.utf8)
        #expect(try JSONDecoder().decode([ActivityName].self, from: good) == [.scheduleAfterMidnight(Self.id)])
        let bad = Data(#"["sched2-e621e1f8-c36c-495a-93fc-0c247a3e6e5f"]"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([ActivityName].self, from: bad) }
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([EventName].self, from: Data(#"["minutes-0"]"#.utf8))
        }
        #expect(try JSONEncoder().encode([EventName(minutes: 3)!]) == Data(#"["minutes-3"]"#.utf8))
    }
}
