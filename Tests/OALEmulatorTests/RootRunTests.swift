import Foundation
import OALEmulator
import OALExplore
import OALPlatform
import OALSystem
import OALTestSupport
import Testing

/// A root remembers the run it was started with (issue 24): going on with
/// it resumes, another run on it is refused with what it holds, and a
/// finished run says so.
@Suite struct RootRunTests {
    static let killedAtNine = """
        timezone Europe/Paris
        start 2026-11-30 08:00
        end day 1 23:30
        at 08:00 app list add Social --apps Instagram
        at 08:00 app rule add schedule Night --list Social --from 22:00 --to 23:00
        at 08:30 expect unblocked Instagram
        at 09:00 fault kill device
        at 22:01 expect blocked Instagram
        at 23:01 expect unblocked Instagram
        """

    func device(_ play: DeviceProcessRun, _ arguments: [String]) throws -> ProcessRun {
        try ProcessRun.run(URL(fileURLWithPath: play.executable), arguments)
    }

    @Test func aRootGoesOnOnlyWithItsOwnRun() throws {
        let play = try DeviceProcessRun(Self.killedAtNine)
        defer { play.remove() }
        let root = play.root("device")
        #expect(try play.initialize(root) == .exited(0))
        #expect(try play.play(root) == .signaled(SIGKILL))

        // Another seed, or the same text in another file, is another run.
        let other = play.directory.appendingPathComponent("copy.scenario")
        try FileManager.default.copyItem(at: play.file, to: other)
        for (arguments, differing) in [
            ([play.file.path, "--seed", "5"], "--seed"),
            ([other.path], "scenario"),
            ([play.file.path, "--fault", "at 10:00 clock jump +5m"], "--fault"),
            ([play.file.path, "--forked"], "--forked/--warm"),
        ] {
            let refused = try device(play, ["run", "--root", root.url.path] + arguments + ["--quiet"])
            #expect(refused.status == 64, "\(arguments): \(refused.stderr)")
            #expect(
                refused.stderr.contains("this root holds another run (it differs in \(differing))"), "\(refused.stderr)"
            )
        }
        // The refusal names the command that goes on with the run it holds.
        let refused = try device(play, ["run", "--root", root.url.path, play.file.path, "--seed", "5"])
        let goOn = try #require(
            refused.stderr.components(separatedBy: "go on with it: ").last?.components(separatedBy: ", or play").first)
        #expect(goOn.contains("oal-device run --root \(root.url.path) \(play.file.path) --seed"), "\(goOn)")
        // Nothing of the refused runs reached the root.
        let starts = try play.trace(root).filter { $0.event == "run.start" }
        #expect(starts.count == 1)

        let resumed = try ProcessRun.run(URL(fileURLWithPath: "/bin/sh"), ["-c", goOn])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        // The counts printed on resume are the whole run's, as the summary's.
        #expect(resumed.stderr.contains("3 expectation(s) met, 0 failed"), "\(resumed.stderr)")
        let summary = try RunSummary(root: root)
        #expect(summary.met == 3 && summary.failed.isEmpty, "\(summary.render(root: root))")

        let finished = try device(play, ["run", "--root", root.url.path, play.file.path])
        #expect(finished.status == 64, "\(finished.stderr)")
        #expect(finished.stderr.contains("the run on this root is finished"), "\(finished.stderr)")
        #expect(try play.trace(root).filter { $0.event == "run.start" }.count == 2)
    }

    /// A run's record that cannot be read stops the run and is kept: the
    /// root is not taken for a fresh one.
    @Test func anUnreadableRecordIsAnErrorNotAFreshRoot() throws {
        let play = try DeviceProcessRun(Self.killedAtNine)
        defer { play.remove() }
        let root = play.root("device")
        #expect(try play.initialize(root) == .exited(0))
        let record = root.system.appendingPathComponent("run.json")
        try Data("{ not json".utf8).write(to: record)
        let ran = try device(play, ["run", "--root", root.url.path, play.file.path, "--quiet"])
        #expect(ran.status == 74, "\(ran.stderr)")
        #expect(ran.stderr.contains("\(record.path): not the record of a run"), "\(ran.stderr)")
        #expect(try String(contentsOf: record, encoding: .utf8) == "{ not json")
    }
}
