import Foundation
import OALDomain
import Testing

@Suite struct SnapshotTests {
    let paused = Fixture.at("2026-11-27T17:00:00Z")

    func roundTrip(_ rule: Rule, _ selection: AppSelection?) throws {
        let snapshot = RuleSnapshot(rule: rule, selection: selection)
        let (decoded, decodedSelection) = try snapshot.decoded(createdAt: rule.createdAt)
        var expected = rule
        expected.appListID = nil  // the wire carries the selection, not the list id
        #expect(decoded == expected)
        #expect(decodedSelection == selection)
        // And through JSON, as the store writes it.
        let json = try JSONEncoder().encode(snapshot)
        #expect(try JSONDecoder().decode(RuleSnapshot.self, from: json) == snapshot)
    }

    @Test func everyKindRoundTrips() throws {
        try roundTrip(
            Fixture.schedule(
                Fixture.minutes(22), Fixture.minutes(6), days: [.friday, .monday], hardMode: true, pausedUntil: paused,
                mode: .allowOnly, adult: true, appListID: Fixture.listA),
            Fixture.selection)
        try roundTrip(Fixture.timeLimit(45, days: .weekdays), Fixture.selection)
        try roundTrip(Fixture.openLimit(5, isEnabled: false), nil)
        try roundTrip(Fixture.openLimit(5), .empty)
    }

    @Test func snapshotFieldsFollowTheWireFormat() {
        let snapshot = RuleSnapshot(
            rule: Fixture.schedule(Fixture.minutes(9), Fixture.minutes(17), days: .weekdays, adult: true),
            selection: nil)
        #expect(snapshot.kindRaw == "schedule")
        #expect(snapshot.selectionModeRaw == "block")
        #expect(snapshot.dayNumbers == [2, 3, 4, 5, 6])
        #expect(snapshot.startMinutes == 540)
        #expect(snapshot.endMinutes == 1020)
        #expect(snapshot.blockAdultContent == true)
        #expect(snapshot.selectionData == nil)
        #expect(snapshot.name == "In the Zone")
        let limit = RuleSnapshot(rule: Fixture.timeLimit(45), selection: Fixture.selection)
        #expect(limit.kindRaw == "timeLimit")
        #expect(limit.dailyLimitMinutes == 45)
        #expect(limit.blockAdultContent == nil)
        #expect(limit.selectionData == Fixture.selection.encoded())
        #expect(RuleSnapshot(rule: Fixture.openLimit(4), selection: nil).kindRaw == "openLimit")
    }

    func base() -> RuleSnapshot {
        RuleSnapshot(rule: Fixture.schedule(Fixture.minutes(9), Fixture.minutes(17)), selection: Fixture.selection)
    }

    func rejection(_ edit: (inout RuleSnapshot) -> Void) -> RuleValidationError? {
        var snapshot = base()
        edit(&snapshot)
        do {
            _ = try snapshot.decoded()
            return nil
        } catch {
            return error
        }
    }

    @Test func strictRejectionNamesFieldAndRule() {
        let cases: [(String, (inout RuleSnapshot) -> Void)] = [
            ("kindRaw", { $0.kindRaw = "Schedule" }),
            ("kindRaw", { $0.kindRaw = "" }),
            ("selectionModeRaw", { $0.selectionModeRaw = "allow" }),
            ("startMinutes", { $0.startMinutes = 1440 }),
            ("startMinutes", { $0.startMinutes = -1 }),
            ("endMinutes", { $0.endMinutes = 1440 }),
            ("dayNumbers", { $0.dayNumbers = [0, 2] }),
            ("dayNumbers", { $0.dayNumbers = [8] }),
            ("selectionData", { $0.selectionData = Data("not json".utf8) }),
            (
                "dailyLimitMinutes",
                {
                    $0.kindRaw = "timeLimit"
                    $0.dailyLimitMinutes = 0
                }
            ),
            (
                "maxOpens",
                {
                    $0.kindRaw = "openLimit"
                    $0.maxOpens = 0
                }
            ),
            (
                "maxOpens",
                {
                    $0.kindRaw = "openLimit"
                    $0.maxOpens = -2
                }
            ),
            (
                "selectionModeRaw",
                {
                    $0.kindRaw = "timeLimit"
                    $0.dailyLimitMinutes = 5
                    $0.selectionModeRaw = "allowOnly"
                }
            ),
            (
                "blockAdultContent",
                {
                    $0.kindRaw = "openLimit"
                    $0.maxOpens = 5
                    $0.blockAdultContent = true
                }
            ),
        ]
        for (field, edit) in cases {
            let error = rejection(edit)
            #expect(error?.field == field)
            #expect(error?.ruleID == Fixture.ruleA)
            #expect(error?.description.contains(Fixture.ruleA.uuidString) == true)
            #expect(error?.description.contains(field) == true)
        }
    }

    @Test func fieldsAKindDoesNotUseAreNotInspected() throws {
        var snapshot = RuleSnapshot(rule: Fixture.timeLimit(45), selection: nil)
        snapshot.startMinutes = 5000
        snapshot.maxOpens = -1
        snapshot.blockAdultContent = false
        #expect(try snapshot.decoded().rule.configuration == .timeLimit(try TimeLimitConfig(dailyLimitMinutes: 45)))
        var schedule = base()
        schedule.dailyLimitMinutes = 0
        schedule.blockAdultContent = nil  // older snapshots: read as false
        #expect(try schedule.decoded().rule.configuration.schedule?.blockAdultContent == false)
    }

    @Test func blankNameFallsBackToKindDefault() throws {
        var snapshot = RuleSnapshot(rule: Fixture.openLimit(3), selection: nil)
        snapshot.name = "   "
        #expect(try snapshot.decoded().rule.name == "Gatekeeper")
    }
}
