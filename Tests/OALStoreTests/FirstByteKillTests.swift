import Foundation
import OALDomain
import OALStore
import OALSystem
import Testing

/// A store writer SIGKILLed on entry to one of its first `write(2)`s, by
/// strace (as `sweep --syscalls` kills), and a journal whose last append
/// reached the file by its first byte only: the next process finds every
/// acknowledged change, and nothing counted twice.
@Suite(.serialized) struct FirstByteKillTests {
    let rule = UUID(uuidString: "6F1C0B1E-0000-4000-8000-0000000000B2")!
    let day = "2026-11-29"

    @Test(arguments: [1, 2, 3]) func aWriteKilledAtItsFirstByteLosesNoAcknowledgedAppend(write n: Int) throws {
        try withTempDirectory { root in
            let appgroup = root.appendingPathComponent("appgroup").path
            let args = [
                "increment", "--appgroup", appgroup, "--rule", rule.uuidString, "--day", day, "--count", "5",
            ]
            let strace = [
                "/usr/bin/env", "strace", "-qq", "-o", "/dev/null", "-e", "trace=write",
                "-e", "inject=write:signal=KILL:when=\(n)", "--", try Probe.path(),
            ]
            let out = root.appendingPathComponent("killed.out").path
            let child = try ChildProcess.spawn(
                strace[0], arguments: Array(strace.dropFirst()) + args, standardOutput: out,
                standardError: root.appendingPathComponent("killed.err").path)
            _ = try child.wait()
            let acknowledged = String(decoding: try FileSystem.readFile(out) ?? [], as: UTF8.self)
                .split(separator: "\n").filter { $0.hasPrefix("ack ") }.count
            #expect(acknowledged < 5, "strace killed the writer before it finished")
            let next = try Probe.run(
                ["increment", "--appgroup", appgroup, "--rule", rule.uuidString, "--day", day, "--count", "1"],
                scratch: root)
            #expect(next.termination == .exited(0), "\(next.stderr)")
            let ledger = try UsageLedger(container: AppGroupContainer(url: URL(fileURLWithPath: appgroup)))
            // The append in flight may have landed before its `ack` was
            // printed; none acknowledged is lost, none counted twice.
            let total = try ledger.usage(rule: rule, day: DayKey(day)!).opensUsed
            #expect((acknowledged + 1...acknowledged + 2).contains(total), "\(total) after \(acknowledged) acks")
        }
    }

    @Test func anAppendTornAfterItsFirstByteIsNotCounted() throws {
        try withTempDirectory { root in
            let appgroup = root.appendingPathComponent("appgroup").path
            let args = ["increment", "--appgroup", appgroup, "--rule", rule.uuidString, "--day", day]
            #expect(try Probe.run(args + ["--count", "3"], scratch: root).acks == 3)
            let journal = appgroup + "/usage/\(day).jsonl"
            let before = try #require(try FileSystem.readFile(journal))
            // The next line's first byte and nothing more: the write that
            // carried it never finished.
            try AtomicFile.replace(journal, with: before + Array("{".utf8), durable: false)
            let ledger = try UsageLedger(container: AppGroupContainer(url: URL(fileURLWithPath: appgroup)))
            #expect(try ledger.usage(rule: rule, day: DayKey(day)!).opensUsed == 3)
            #expect(try Probe.run(args + ["--count", "1"], scratch: root).acks == 1)
            #expect(try ledger.usage(rule: rule, day: DayKey(day)!).opensUsed == 4)
        }
    }
}
