import Foundation
import OALPlatform
import OALProcesses
import OALStore
import Testing

/// The App Group rule mirror never goes back behind the app's database:
/// an app refresh preempted after it read its inputs, and resumed after a
/// rule was deleted meanwhile, must not republish, shield or register the
/// deleted rule (docs/FAULTS.md, "preempt"; docs/CONTRACT.md, the mirror's
/// generation).
@Suite struct MirrorGenerationTests {
    /// Whatever was preempted, the same end state: no Study anywhere, and
    /// Instagram free during what would have been its window, on both days.
    static func assertNoStudy(_ run: DeviceHarness) throws {
        #expect(run.result.passed, "\(run.failureText)\n\(run.result.violations)")
        let paused = run.device("fault").filter { $0.fields["action"] == "paused" }
        let resumed = run.device("fault").filter { $0.fields["action"] == "resumed" }
        #expect(paused.count == 1 && resumed.count == 1, "\(run.device("fault"))")
        #expect(resumed.first?.fields["interleaved"]?.contains("rule delete Study") == true)

        let mirror = try RuleSnapshotStore(container: AppGroupContainer(url: run.root.appGroup)).all()
        #expect(!mirror.contains { $0.name == "Study" }, "mirror: \(mirror.map(\.name))")
        let activities = try EmulatedPlatform(root: run.root).deviceActivity.activities()
        #expect(!activities.contains { $0.hasPrefix("sched") }, "registered: \(activities)")
        let effective = try EmulatedPlatform(root: run.root).managedSettings.effective()
        #expect(effective.stores.values.allSatisfy { $0.shield.isEmpty }, "\(effective.stores)")
        // The resumed refresh found its rule list stale and said so.
        let stale = run.trace.filter { $0.process == .app && $0.event == "snapshot.stale" }
        #expect(!stale.isEmpty)
        // Nothing after the resume registers the deleted rule's window.
        let resume = try #require(run.trace.firstIndex { $0.event == "fault" && $0.fields["action"] == "resumed" })
        let registered = run.trace[resume...].filter {
            $0.event == "monitor.start" && $0.fields["activity"]?.hasPrefix("sched") == true
        }
        #expect(registered.isEmpty, "\(registered)")
    }

    static let checks = """
        at 09:10 expect unblocked Instagram
        at 09:10 expect exit 66 app show Study
        day 2
        at 09:10 expect unblocked Instagram
        """

    @Test func aPreemptedRuleAddDoesNotRepublishTheRuleDeletedWhileItWasStopped() throws {
        let run = try DeviceHarness.run(
            """
            end day 2 10:00
            at 08:00 app list add Social --apps Instagram
            at 08:30 fault preempt app at app.refresh.after-read-inputs
            at 08:30 app rule add schedule Study --list Social --from 09:00 --to 09:30
            at 08:30 app rule delete Study

            """ + Self.checks)
        defer { run.remove() }
        try Self.assertNoStudy(run)
    }

    @Test func aPreemptedRefreshDoesNotRepublishTheRuleDeletedWhileItWasStopped() throws {
        let run = try DeviceHarness.run(
            """
            end day 2 10:00
            at 08:00 app list add Social --apps Instagram
            at 08:00 app rule add schedule Study --list Social --from 09:00 --to 09:30
            at 08:30 fault preempt app at app.refresh.after-read-inputs
            at 08:30 app refresh
            at 08:30 app rule delete Study

            """ + Self.checks)
        defer { run.remove() }
        try Self.assertNoStudy(run)
    }
}
