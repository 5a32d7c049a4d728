import Foundation
import OALDomain
import Testing

@Suite struct RuleModelTests {
    @Test func configurationRangesAreEnforced() {
        #expect(
            throws: RuleValidationError(
                field: "startMinutes", problem: "1440 is outside 0..<1440 minutes from midnight")
        ) {
            try ScheduleConfig(startMinutes: 1440, endMinutes: 0)
        }
        #expect(throws: RuleValidationError.self) { try ScheduleConfig(startMinutes: 0, endMinutes: -1) }
        #expect(throws: RuleValidationError.self) { try TimeLimitConfig(dailyLimitMinutes: 0) }
        #expect(throws: RuleValidationError.self) { try OpenLimitConfig(maxOpens: 0) }
        #expect((try? ScheduleConfig(startMinutes: 0, endMinutes: 1439)) != nil)
        #expect((try? TimeLimitConfig(dailyLimitMinutes: 1))?.dailyLimitMinutes == 1)
        #expect((try? OpenLimitConfig(maxOpens: 1))?.maxOpens == 1)
    }

    @Test func windowShape() throws {
        let overnight = try ScheduleConfig(startMinutes: 22 * 60, endMinutes: 6 * 60)
        #expect(overnight.crossesMidnight)
        #expect(overnight.lengthMinutes == 480)
        #expect(overnight.windowText == "22:00 – 06:00")
        let day = try ScheduleConfig(startMinutes: 9 * 60 + 5, endMinutes: 17 * 60)
        #expect(!day.crossesMidnight)
        #expect(day.lengthMinutes == 475)
        #expect(day.windowText == "09:05 – 17:00")
        #expect(try ScheduleConfig(startMinutes: 600, endMinutes: 600).lengthMinutes == 1440)
    }

    @Test func blankNamesFallBackPerKind() {
        #expect(Fixture.schedule(540, 1020).name == "In the Zone")
        #expect(Fixture.timeLimit(45).name == "Time Keeper")
        #expect(Fixture.openLimit(5).name == "Gatekeeper")
        var rule = Fixture.timeLimit(45)
        rule.rename("Evenings")
        #expect(rule.name == "Evenings")
        rule.rename(" \n")
        #expect(rule.name == "Time Keeper")
    }

    @Test func reconfigureSwapsOnlyDefaultNames() throws {
        var rule = Fixture.timeLimit(45)
        rule.reconfigure(.openLimit(try OpenLimitConfig(maxOpens: 3)))
        #expect(rule.kind == .openLimit)
        #expect(rule.name == "Gatekeeper")
        rule.rename("Mine")
        rule.reconfigure(.timeLimit(try TimeLimitConfig(dailyLimitMinutes: 10)))
        #expect(rule.name == "Mine")
    }

    /// An unblock lifts a window's block until that window's end; a new
    /// window ends the pause (explore seed 435), any other change keeps it.
    @Test func aNewWindowEndsAPause() throws {
        let until = Date(timeIntervalSince1970: 1_800_000_000)
        var rule = Fixture.schedule(21 * 60 + 10, 7 * 60 + 25, pausedUntil: until)
        rule.reconfigure(
            .schedule(
                try ScheduleConfig(startMinutes: 21 * 60 + 10, endMinutes: 7 * 60 + 25, selectionMode: .allowOnly)))
        #expect(rule.pausedUntil == until)
        rule.reconfigure(.schedule(try ScheduleConfig(startMinutes: 119, endMinutes: 119)))
        #expect(rule.pausedUntil == nil)
    }

    @Test func limitKindsAlwaysBlock() throws {
        #expect(RuleConfiguration.timeLimit(try TimeLimitConfig(dailyLimitMinutes: 5)).selectionMode == .block)
        #expect(RuleKind.allCases.map(\.rawValue) == ["schedule", "timeLimit", "openLimit"])
        #expect(SelectionMode.allCases.map(\.rawValue) == ["block", "allowOnly"])
    }

    @Test func ruleCodableRoundTripValidates() throws {
        let rule = Fixture.schedule(
            Fixture.minutes(22), Fixture.minutes(6), days: .weekends, hardMode: true,
            pausedUntil: Fixture.at("2026-11-28T06:00:00Z"), mode: .allowOnly, adult: true, appListID: Fixture.listA)
        let data = try JSONEncoder().encode(rule)
        #expect(try JSONDecoder().decode(Rule.self, from: data) == rule)
        for other in [Fixture.timeLimit(30), Fixture.openLimit(2)] {
            #expect(try JSONDecoder().decode(Rule.self, from: try JSONEncoder().encode(other)) == other)
        }
        // A stored rule with an out-of-range budget does not load.
        let text = String(decoding: try JSONEncoder().encode(Fixture.openLimit(2)), as: UTF8.self)
            .replacingOccurrences(of: #""maxOpens":2"#, with: #""maxOpens":0"#)
        #expect(throws: (any Error).self) { try JSONDecoder().decode(Rule.self, from: Data(text.utf8)) }
    }

    @Test func errorsSayWhereAndWhat() {
        let error = RuleValidationError(field: "maxOpens", problem: "0 is below the minimum budget of 1 open").inRule(
            Fixture.ruleB)
        #expect(
            error.description
                == "rule 00000000-0000-0000-0000-00000000000B, field maxOpens: 0 is below the minimum budget of 1 open")
    }
}
