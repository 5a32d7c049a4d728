import Foundation
import OALDomain
import OALPlatform
import Testing

/// A rule whose DeviceActivity registration was refused (more than 20
/// activities) is enforced only while the app runs; the app says so in
/// `rule add` / `rule edit`, `show`, `rules` and `home`, text and JSON
/// (docs/PROCESSES.md, "Background enforcement").
@Suite struct BackgroundEnforcementTests {
    /// Twenty open-limit rules: one `rule-` activity each, every slot taken.
    static func fill(_ device: Device) throws {
        try device.app("list", "add", "Games", "--apps", "Chess")
        try device.app("list", "add", "Video", "--apps", "YouTube")
        for index in 1...20 {
            try device.app("rule", "add", "open-limit", "G\(index)", "--list", "Games", "--opens", "3")
        }
        #expect(try device.activities().count == 20)
    }

    @Test func aRulePastTheActivityLimitIsReportedWhereverTheAppShowsIt() throws {
        let device = try Device()
        try Self.fill(device)

        // rule add: saved (exit 0), with a warning on stderr and in JSON.
        let add = try device.app(
            "rule", "add", "time-limit", "Video Cap", "--list", "Video", "--minutes", "30", "--json")
        let added = try device.json(add)
        let id = try #require(added["id"] as? String)
        let state = try #require(added["backgroundEnforcement"] as? String)
        #expect(state.hasPrefix("refused: excessiveActivities"), "\(state)")
        #expect(state.contains("rule-\(id)-2026-11-30 not monitored"))
        #expect(add.stderr.contains("warning: rule Video Cap is not enforced in the background"), "\(add.stderr)")
        let listed = try #require(added["notEnforcedInBackground"] as? [[String: Any]])
        #expect(listed.map { $0["name"] as? String } == ["Video Cap"])
        #expect(try !device.activities().contains("rule-\(id)-2026-11-30"))

        // rule edit: the same.
        let edit = try device.app("rule", "edit", "Video Cap", "--minutes", "25")
        #expect(edit.stderr.contains("warning: rule Video Cap is not enforced in the background"), "\(edit.stderr)")
        let editJSON = try device.json(device.app("rule", "edit", "Video Cap", "--minutes", "25", "--json"))
        #expect((editJSON["backgroundEnforcement"] as? String)?.hasPrefix("refused: ") == true)

        // show, text and JSON; another rule is monitored.
        let show = try device.json(device.app("show", "Video Cap", "--json"))
        #expect((show["backgroundEnforcement"] as? String)?.hasPrefix("refused: excessiveActivities") == true)
        #expect(try device.app("show", "Video Cap").stdout.contains("Background: Not enforced while the app is closed"))
        #expect(try device.json(device.app("show", "G1", "--json"))["backgroundEnforcement"] as? String == "monitored")
        #expect(try !device.app("show", "G1").stdout.contains("Background"))

        // home and rules, text and JSON.
        let home = try device.json(device.app("home", "--json"))
        let warned = try #require(home["notEnforcedInBackground"] as? [[String: Any]])
        #expect(warned.map { $0["name"] as? String } == ["Video Cap"])
        #expect((warned.first?["backgroundEnforcement"] as? String)?.hasPrefix("refused: ") == true)
        #expect(try device.app("home").stdout.contains("Not Enforced in the Background\n  Video Cap — refused: "))
        let rules = try device.app("rules", "--json")
        let sections = try #require(
            try JSONSerialization.jsonObject(with: Data(rules.stdout.utf8)) as? [[String: Any]])
        let rows = sections.flatMap { ($0["rules"] as? [[String: Any]]) ?? [] }
        let capRow = try #require(rows.first { $0["name"] as? String == "Video Cap" })
        #expect((capRow["backgroundEnforcement"] as? String)?.hasPrefix("refused: ") == true)
        #expect(rows.filter { $0["backgroundEnforcement"] != nil }.count == 1)
        #expect(try device.app("rules").stdout.contains("not enforced in the background"))

        // A slot frees up: the next reconcile registers it and the warning goes.
        let delete = try device.app("rule", "delete", "G1")
        #expect(try device.activities().contains("rule-\(id)-2026-11-30"))
        #expect(!delete.stderr.contains("warning"))
        #expect(
            try device.json(device.app("show", "Video Cap", "--json"))["backgroundEnforcement"] as? String
                == "monitored")
        #expect(try device.json(device.app("home", "--json"))["notEnforcedInBackground"] == nil)
    }

    /// `silent-activity-refusal`: the old behaviour, nobody is told.
    @Test func theSilentActivityRefusalMutantSaysNothing() throws {
        let device = try Device()
        device.environment = ["OAL_MUTANT": "silent-activity-refusal"]
        try Self.fill(device)
        let add = try device.app("rule", "add", "time-limit", "Video Cap", "--list", "Video", "--minutes", "30")
        #expect(!add.stderr.contains("warning"))
        #expect(try device.json(device.app("home", "--json"))["notEnforcedInBackground"] == nil)
    }
}
