import Foundation
import OALTestSupport
import Testing

/// The fuzz corpus (`Fuzz/corpus/<target>/`) replayed by the ordinary build
/// of `oal-fuzz`: every input a campaign found (and that was fixed) stays a
/// regression test, and the seeds keep parsing as the formats change.
@Suite struct FuzzCorpusTests {
    @Test func everySavedInputPassesItsTarget() throws {
        let corpus = Repository.root.appendingPathComponent("Fuzz/corpus")
        let run = try ProcessRun.run(BuiltProducts.executable("oal-fuzz"), ["replay", corpus.path])
        #expect(run.status == 0 && !run.signaled, "\(run.stderr)")
        for target in ["scenario", "journal-line", "document", "arguments"] {
            let files = try FileManager.default.contentsOfDirectory(
                atPath: corpus.appendingPathComponent(target).path)
            #expect(files.count >= 5, "\(target): a seed corpus of a handful of inputs")
            #expect(run.stdout.contains("\(target) \(files.count)"), "\(target): every file replayed: \(run.stdout)")
        }
    }

    @Test func replayExitCodesTellTheFailuresApart() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("oal-fuzz-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let good = scratch.appendingPathComponent("good")
        try Data("start 2026-11-30 08:00\nat 09:00 leave\n".utf8).write(to: good)
        let run = try ProcessRun.run(BuiltProducts.executable("oal-fuzz"), ["replay", "scenario", good.path])
        #expect(run.status == 0, "\(run.stderr)")
        let usage = try ProcessRun.run(BuiltProducts.executable("oal-fuzz"), ["replay", "no-such-target", good.path])
        #expect(usage.status == 64, "\(usage.stderr)")
        let missing = try ProcessRun.run(
            BuiltProducts.executable("oal-fuzz"), ["replay", "scenario", scratch.appendingPathComponent("x").path])
        #expect(missing.status == 66)
        let fuzz = try ProcessRun.run(BuiltProducts.executable("oal-fuzz"), ["fuzz", "scenario"])
        #expect(fuzz.status == 69, "the ordinary build has no libFuzzer: \(fuzz.stderr)")
    }
}
