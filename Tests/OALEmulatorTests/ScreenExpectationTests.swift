import Foundation
import OALEmulator
import OALExplore
import Testing

/// `expect status RULE "TEXT"` and `expect home RULE "TEXT"`: what the
/// app's screens show, asked of the app (`oal-app rules|home --json`).
@Suite struct ScreenExpectationTests {
    @Test func parsesStatusAndHomeText() throws {
        let scenario = try ScenarioParser(file: "s.scenario").parse(
            """
            start 2026-11-30 08:00
            at 08:00 expect status Focus "Starts in *"
            at 08:00 expect home "Video Cap" "18m of 45m"
            at 08:00 expect home blocking Focus
            """)
        #expect(
            scenario.steps.map(\.action) == [
                .expect(.status(rule: "Focus", text: "Starts in *")),
                .expect(.homeText(rule: "Video Cap", text: "18m of 45m")),
                .expect(.home(rule: "Focus", .blocking)),
            ])
        #expect(throws: ScenarioError.self) {
            try ScenarioParser(file: "s.scenario").parse("start 2026-11-30 08:00\nat 08:00 expect status Focus")
        }
    }

    @Test func statusLabelsAndHomeRowsAreTheAppsScreens() throws {
        let run = try DeviceHarness.run(
            """
            at 08:00 app list add Social --apps Instagram,TikTok
            at 08:01 app rule add schedule Focus --list Social --from 09:00 --to 10:00
            at 08:02 expect status Focus "Starts in 58m"
            at 08:02 expect status Focus "Starts in *"
            at 09:30 expect status Focus "30m left"
            at 09:30 expect home Focus "30m left"
            at 09:31 expect status Focus "Ends in 29m"
            at 09:31 expect home Focus "nothing like this"
            """)
        defer { run.remove() }
        #expect(run.result.met == 4, "\(run.failureText)")
        #expect(run.result.failures.count == 2)
        #expect(run.failureText.contains("status \"29m left\""), "\(run.failureText)")
        #expect(run.failureText.contains("home row"), "\(run.failureText)")
    }
}
