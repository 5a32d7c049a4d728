import Foundation
import OALProcesses
import Testing

/// The oracle's side of the device draws the emulator's app's Rules screen
/// in its own process (`RulesScreenQuery`, issue 36) instead of starting
/// `oal-app --untraced rules --json` after every launch. It must answer
/// what that process prints, at every instant one query object is asked,
/// and trace nothing, as the process did not.
@Suite struct RulesScreenQueryTests {
    /// The rows `oal-app --untraced rules --json` prints, as the query
    /// reports them.
    static func printed(_ device: Device) throws -> [RulesScreenQuery.Row] {
        let output = try device.app("--untraced", "rules", "--json")
        let sections = try #require(
            try JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [[String: Any]])
        return sections.flatMap { ($0["rules"] as? [[String: Any]]) ?? [] }.map {
            RulesScreenQuery.Row(
                id: $0["id"] as? String ?? "", name: $0["name"] as? String ?? "",
                subtitle: $0["subtitle"] as? String ?? "", trailing: $0["trailing"] as? String ?? "",
                window: $0["window"] as? String, days: $0["days"] as? String)
        }
    }

    @Test func oneQueryAnswersWhatTheCommandPrintsAsTheDayGoesOn() throws {
        let device = try Device()
        try device.app("list", "add", "Social", "--apps", "Instagram")
        try device.app("list", "add", "Video", "--apps", "YouTube")
        let work = try device.addRule(
            "schedule", "Work", "--list", "Social", "--from", "11:05", "--to", "17:45", "--days", "weekdays")
        let tube = try device.addRule("time-limit", "Tube", "--list", "Video", "--minutes", "30")
        _ = try device.addRule("open-limit", "Gram", "--list", "Social", "--opens", "2")
        let query = RulesScreenQuery(rootPath: device.root.url.path)
        let traced = try device.trace().count

        let before = try query.rows()
        #expect(before == (try Self.printed(device)))
        #expect(before.map(\.name).sorted() == ["Gram", "Tube", "Work"])
        #expect(before.first { $0.name == "Work" }?.window == "11:05 – 17:45")

        // Later in the day: the window open, minutes spent. The same query
        // object reads the clock and the stores again.
        try device.set(2026, 11, 30, 12, 30)
        try device.monitor("intervalDidStart", "sched-\(work.uuidString)")
        try device.monitor("eventDidReachThreshold", "rule-\(tube.uuidString)-2026-11-30", "minutes-12")
        let traced2 = try device.trace().count
        let later = try query.rows()
        #expect(later == (try Self.printed(device)))
        #expect(later != before, "the labels count down and the usage moved")
        #expect(try device.trace().count == traced2, "the query traces nothing")
        #expect(traced2 > traced)
    }

    @Test func aDamagedDatabaseIsAnErrorAsTheCommandsExitIs() throws {
        let device = try Device()
        try device.app("list", "add", "Social", "--apps", "Instagram")
        _ = try device.addRule("schedule", "Work", "--list", "Social", "--from", "09:00", "--to", "17:00")
        let query = RulesScreenQuery(rootPath: device.root.url.path)
        #expect(try query.rows().count == 1)
        let database = device.root.appContainer.appendingPathComponent("rules.json")
        // Each read of the damaged file sets it aside (the stores'
        // quarantine), so it is damaged again for the second reader.
        try Data("{ not json".utf8).write(to: database)
        #expect(try device.app("--untraced", "rules", "--json", expect: nil).status != 0)
        try Data("{ not json".utf8).write(to: database)
        #expect(throws: (any Error).self) { try query.rows() }
    }
}
