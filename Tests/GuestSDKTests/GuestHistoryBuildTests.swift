import Foundation
import OALTestSupport
import Testing

/// The real app's history built and judged at its own commits: the
/// longest guest-build test, a suite of its own so that it runs beside
/// `GuestBuildTests` instead of at the end of its serialized chain.
@Suite struct GuestHistoryBuildTests {
    /// The real app's own past, from its history (`../shared/guest/OpenAppLock.bundle`):
    /// a fix is seen as a change of verdict between its parent and itself,
    /// and a deliberate change of the app's design is not mistaken for a bug.
    /// Six builds of old commits (about two minutes from an empty cache).
    @Test func theRealAppsPastIsJudgedAtItsOwnCommits() throws {
        let bundle = GuestBuildTests.repository.deletingLastPathComponent().appendingPathComponent(
            "shared/guest/OpenAppLock.bundle"
        ).path
        guard FileManager.default.fileExists(atPath: bundle) else {
            print("GuestBuildTests: skipped the history run: no \(bundle)")
            return
        }
        let mutation = GuestBuildTests.repository.appendingPathComponent("scenarios/mutation")
        /// `scenario`: a name in scenarios/mutation, or a path.
        func verdict(_ rev: String, _ scenario: String) throws -> ProcessRun {
            let guest = try GuestBuildTests.build(checkout: "\(bundle)@\(rev)", name: rev)
            let root = GuestBuildTests.temporaryRoot("history-\(rev)")
            defer { try? FileManager.default.removeItem(at: root) }
            let path =
                scenario.hasPrefix("/") ? scenario : mutation.appendingPathComponent("\(scenario).scenario").path
            return try GuestBuildTests.play(path, guest: guest, root: root, ["--forked"])
        }
        // e4ddabc "clear a pending pause when an edit enables Hard Mode": its
        // parent keeps the pause, and Reddit stays open under Hard Mode.
        let parent = try verdict("536bb50", "pause-and-midnight")
        #expect(parent.status == 1, "\(parent.stderr)")
        #expect(parent.stderr.contains("VIOLATION [pause] rule \"Reading\""), "\(parent.stderr)")
        let fix = try verdict("e4ddabc", "pause-and-midnight")
        #expect(fix.status == 0, "\(fix.stderr)")
        // c06ebf3 "record time-limit usage only for rules eligible today":
        // a weekend-only limit records nothing on a Monday, which §4.4
        // allows (a budget is spent on an enabled day only).
        let design = try verdict("c06ebf3", "day-starts")
        #expect(design.status == 0, "\(design.stderr)")
        #expect(!design.stderr.contains("minutes-recorded"), "\(design.stderr)")
        // 7ef8ba9 "gate time-limit usage on a confirmed day-start": its
        // parent files yesterday's late-flushed minutes on the new day.
        let lateFlush = GuestBuildTests.repository.appendingPathComponent("scenarios/late-flush.scenario").path
        let stale = try verdict("c06ebf3", lateFlush)
        #expect(stale.stderr.contains("VIOLATION [usage-not-invented] rule \"Cap\""), "\(stale.stderr)")
        let gated = try verdict("7ef8ba9", lateFlush)
        #expect(!gated.stderr.contains("usage-not-invented"), "\(gated.stderr)")
        // The field bug 002ac19 describes (yesterday's spent budget flushed
        // in the morning re-blocks an unused app) is fixed for good at
        // 01d92b1, day-keyed activities; its parent still re-blocks.
        let staleBudget = GuestBuildTests.repository.appendingPathComponent("scenarios/stale-budget.scenario").path
        let reblocks = try verdict("70f8e0c", staleBudget)
        #expect(reblocks.stderr.contains("VIOLATION [over-enforced] rule \"Cap\""), "\(reblocks.stderr)")
        let dayKeyed = try verdict("01d92b1", staleBudget)
        #expect(dayKeyed.status == 0, "\(dayKeyed.stderr)")
    }
}
