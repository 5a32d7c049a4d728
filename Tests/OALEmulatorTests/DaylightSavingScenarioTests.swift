import Foundation
import Testing

@testable import OALEmulator
@testable import OALExplore
@testable import OALOracle
@testable import OALRunViews

/// `scenarios/dst/`: the demo day on the night of each kind of
/// daylight-saving change in six zones (issue 23). Each is the demo day
/// with only its zone and start changed (and, where a gap skips them, two
/// lines moved out of it), so the bundled day and these never drift apart.
@Suite struct DaylightSavingScenarioTests {
    static let directory = Repository.root.appendingPathComponent("scenarios/dst")

    @Test func eachIsTheDemoDayInAnotherZoneOnTheNightOfAChange() throws {
        let demo = try String(
            contentsOf: Repository.root.appendingPathComponent("scenarios/demo-day.scenario"), encoding: .utf8)
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.directory.path).filter {
            $0.hasSuffix(".scenario")
        }
        #expect(names.count == 12, "\(names)")
        for name in names {
            let url = Self.directory.appendingPathComponent(name)
            let text = try String(contentsOf: url, encoding: .utf8)
            let body = text.components(separatedBy: "\n").drop { $0.hasPrefix("#") && !demo.hasPrefix($0) }
            let original = demo.components(separatedBy: "\n")
            #expect(body.count == original.count, "\(name)")
            for (line, expected) in zip(body, original) where line != expected {
                let moved = line.hasPrefix("at 01:0") && expected.hasPrefix("at 00:0") && name.hasPrefix("santiago")
                #expect(
                    line.hasPrefix("timezone ") || line.hasPrefix("start ") || moved, "\(name): \(line) for \(expected)"
                )
            }
            // The zone changes its offset during the run: the night is the change's.
            let scenario = try ScenarioParser.load(path: url.path)
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = try #require(TimeZone(identifier: scenario.timeZoneIdentifier), "\(name)")
            let zone = calendar.timeZone
            #expect(
                zone.secondsFromGMT(for: scenario.start) != zone.secondsFromGMT(for: scenario.end),
                "\(name): no daylight-saving change between its start and end")
        }
    }

    /// `scenarios/repeated-hour.scenario` checks inside the second showing
    /// of New York's repeated hour (issue 25). A press there was never
    /// re-shielded before (its one-shot ended at the first showing, an hour
    /// before the press); now the shield is back when the hour is over,
    /// and the oracle names the wait.
    @Test func theRepeatedHourIsCheckedInItsSecondShowing() throws {
        let text = try String(
            contentsOf: Repository.root.appendingPathComponent("scenarios/repeated-hour.scenario"), encoding: .utf8)
        let run = try OracleTests.run(text)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.report.violations.isEmpty, "\(run.report.violations)")
        #expect(
            run.report.expectedDivergences.contains {
                $0.reason.contains("ending in the repeated hour of a fall back")
            },
            "\(run.report.expectedDivergences)")
    }
}
