import Foundation
import Glibc
import OALDomain
import OALStore
import OALSystem
import Testing

/// Real processes (`oal-store-probe`) racing on one App Group. Serialized:
/// each test already loads both cores.
@Suite(.serialized) struct MultiProcessTests {
    let rule = UUID(uuidString: "6F1C0B1E-0000-4000-8000-000000000001")!
    let day = "2026-11-29"

    @Test func concurrentIncrementsGiveTheExactTotal() throws {
        let processes = 4
        let perProcess = 1000
        try withTempDirectory { root in
            let appgroup = root.appendingPathComponent("appgroup").path
            let running = try (0..<processes).map { _ in
                try Probe.spawn(
                    [
                        "increment", "--appgroup", appgroup, "--rule", rule.uuidString, "--day", day,
                        "--count", "\(perProcess)", "--compact-at", "8192",
                    ], scratch: root)
            }
            let finished = try running.map { try $0.finish() }
            for result in finished {
                #expect(result.termination == .exited(0), "\(result.stderr)")
                #expect(result.acks == perProcess)
            }
            let ledger = try UsageLedger(container: AppGroupContainer(url: URL(fileURLWithPath: appgroup)))
            #expect(try ledger.usage(rule: rule, day: DayKey(day)!).opensUsed == processes * perProcess)
        }
    }

    @Test func racingSpendsGrantExactlyTheBudget() throws {
        let processes = 4
        let budget = 500
        let triesEach = 200
        try withTempDirectory { root in
            let appgroup = root.appendingPathComponent("appgroup").path
            let running = try (0..<processes).map { _ in
                try Probe.spawn(
                    [
                        "spend", "--appgroup", appgroup, "--rule", rule.uuidString, "--day", day,
                        "--budget", "\(budget)", "--count", "\(triesEach)",
                    ], scratch: root)
            }
            let finished = try running.map { try $0.finish() }
            for result in finished { #expect(result.termination == .exited(0), "\(result.stderr)") }
            #expect(finished.map(\.grants).reduce(0, +) == budget)
            #expect(
                finished.map { $0.lines.filter { $0 == "denied" }.count }.reduce(0, +) == processes * triesEach - budget
            )
            // Every granted count is distinct: no open was spent twice.
            let counts = finished.flatMap { $0.lines.filter { $0.hasPrefix("granted ") } }
            #expect(Set(counts).count == budget)
            let ledger = try UsageLedger(container: AppGroupContainer(url: URL(fileURLWithPath: appgroup)))
            #expect(try ledger.usage(rule: rule, day: DayKey(day)!).opensUsed == budget)
        }
    }

    /// 100 SIGKILLs at random moments, spread over writers of four stores
    /// racing on one App Group: every store still parses and no
    /// acknowledged update is lost (committed ≥ acknowledged, and at most
    /// one unacknowledged update per killed process).
    @Test func randomKillsLoseNoAcknowledgedUpdate() throws {
        let waves = 25
        var generator = SystemRandomNumberGenerator()
        try withTempDirectory { root in
            let appgroup = root.appendingPathComponent("appgroup").path
            let base = ["--appgroup", appgroup, "--rule", rule.uuidString]
            let ledgerArgs = base + ["--day", day, "--compact-at", "4096"]
            var acked = ["increment": 0, "snapshot": 0, "session": 0]
            var killed = ["increment": 0, "snapshot": 0, "session": 0]
            var maxMinutesAcked = 0
            var kills = 0
            for wave in 0..<waves {
                let firstMinute = wave * 100_000 + 1
                let writers: [(String, [String])] = [
                    ("increment", ["increment"] + ledgerArgs + ["--count", "1000000"]),
                    ("minutes", ["minutes"] + ledgerArgs + ["--value", "\(firstMinute)", "--count", "1000000"]),
                    ("snapshot", ["snapshot-write"] + base + ["--count", "1000000"]),
                    ("session", ["session-write"] + base + ["--count", "1000000"]),
                ]
                let running = try writers.map { ($0.0, try Probe.spawn($0.1, scratch: root)) }
                for (_, process) in running.shuffled(using: &generator) {
                    usleep(UInt32.random(in: 2_000...25_000, using: &generator))
                    try? process.child.signal(SIGKILL)
                }
                for (kind, process) in running {
                    let result = try process.finish()
                    #expect(result.termination == .signaled(SIGKILL), "\(kind): \(result.termination) \(result.stderr)")
                    if result.termination == .signaled(SIGKILL) { kills += 1 }
                    if kind == "minutes" {
                        maxMinutesAcked = max(maxMinutesAcked, result.lastAck ?? 0)
                    } else {
                        acked[kind]! += result.acks
                        killed[kind]! += 1
                    }
                }
            }
            #expect(kills == 4 * waves)

            let check = try Probe.run(["check", "--appgroup", appgroup], scratch: root)
            #expect(check.termination == .exited(0), "every store parses: \(check.stderr)")

            let container = try AppGroupContainer(url: URL(fileURLWithPath: appgroup))
            let usage = try UsageLedger(container: container).usage(rule: rule, day: DayKey(day)!)
            let snapshots = try RuleSnapshotStore(container: container).snapshot(id: rule)?.maxOpens ?? 0
            let session = Int(try OpenSessionStore(container: container).expiry(rule: rule)?.timeIntervalSince1970 ?? 0)
            let committed = ["increment": usage.opensUsed, "snapshot": snapshots, "session": session]
            for kind in ["increment", "snapshot", "session"] {
                #expect(committed[kind]! >= acked[kind]!, "\(kind): acknowledged updates lost")
                #expect(committed[kind]! <= acked[kind]! + killed[kind]!, "\(kind): more committed than attempted")
            }
            #expect(usage.minutesUsed >= maxMinutesAcked)
            #expect(acked["increment"]! > 0 && acked["snapshot"]! > 0, "the kills landed while writing: \(acked)")
        }
    }

    /// The crash-point and pause-point logs are opened the same way, as
    /// files of their own (`openOwned`): a link planted at either path is
    /// replaced, never written through (issue 24: the pause log used a plain
    /// `open`, which follows the link).
    @Test(arguments: ["OAL_CRASH_LOG", "OAL_PAUSE_LOG"]) func aPointLogNeverWritesThroughALink(variable: String) throws
    {
        try withTempDirectory { root in
            let appgroup = root.appendingPathComponent("appgroup").path
            let outside = root.appendingPathComponent("outside.txt")
            try Data("outside\n".utf8).write(to: outside)
            let log = root.appendingPathComponent("points.log").path
            try FileManager.default.createSymbolicLink(atPath: log, withDestinationPath: outside.path)
            let ran = try Probe.run(
                ["increment", "--appgroup", appgroup, "--rule", rule.uuidString, "--day", day, "--count", "1"],
                environment: [variable: log], scratch: root)
            #expect(ran.termination == .exited(0), "\(ran.stderr)")
            #expect(try String(contentsOf: outside, encoding: .utf8) == "outside\n", "written through the link")
            #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: log)) == nil, "the link is still there")
            #expect(String(decoding: bytes(log) ?? [], as: UTF8.self).contains("ledger.append.after-lock"))
        }
    }

    @Test func crashPointKillsAtTheNamedPointAndTheStoreStillParses() throws {
        try withTempDirectory { root in
            let appgroup = root.appendingPathComponent("appgroup").path
            let args = ["increment", "--appgroup", appgroup, "--rule", rule.uuidString, "--day", day, "--count", "10"]
            let log = root.appendingPathComponent("crash.log").path
            let crashed = try Probe.run(
                args, environment: ["OAL_CRASH_AT": "ledger.append.after-lock#3", "OAL_CRASH_LOG": log], scratch: root)
            #expect(crashed.termination == .signaled(SIGKILL))
            #expect(crashed.lines == ["ack 1", "ack 2"])
            let reached = String(decoding: bytes(log) ?? [], as: UTF8.self).split(separator: "\n")
            #expect(reached.filter { $0 == "ledger.append.after-lock" }.count == 3)
            #expect(reached.contains("ledger.create.before-rename"))
            #expect(reached.contains("ledger.append.after-write"))

            let container = try AppGroupContainer(url: URL(fileURLWithPath: appgroup))
            #expect(try UsageLedger(container: container).usage(rule: rule, day: DayKey(day)!).opensUsed == 2)

            // Killed halfway through its write: a torn line, ignored, then repaired.
            let torn = try Probe.run(args, environment: ["OAL_CRASH_AT": "ledger.append.torn-write#2"], scratch: root)
            #expect(torn.termination == .signaled(SIGKILL))
            #expect(torn.acks == 1)
            let path = try UsageLedger(container: container).journalPath(for: DayKey(day)!)
            #expect(bytes(path)?.last != 0x0A, "the journal ends in a torn line")
            #expect(try UsageLedger(container: container).usage(rule: rule, day: DayKey(day)!).opensUsed == 3)
            let after = try Probe.run(
                ["increment", "--appgroup", appgroup, "--rule", rule.uuidString, "--day", day, "--count", "1"],
                scratch: root)
            #expect(after.termination == .exited(0))
            #expect(bytes(path)?.last == 0x0A)
            #expect(try UsageLedger(container: container).usage(rule: rule, day: DayKey(day)!).opensUsed == 4)

            // Document stores: killed before and after the rename.
            let snapshot = ["snapshot-write", "--appgroup", appgroup, "--rule", rule.uuidString, "--count", "5"]
            for point in [
                "rule-snapshots.update.before-rename#3", "rule-snapshots.update.after-rename#3",
                "rule-snapshots.update.after-lock#2",
            ] {
                let result = try Probe.run(snapshot, environment: ["OAL_CRASH_AT": point], scratch: root)
                #expect(result.termination == .signaled(SIGKILL), "\(point)")
            }
            // 2 acked before the first kill, +1 unacked after the second's rename, +1 before the third's lock.
            #expect(try RuleSnapshotStore(container: container).snapshot(id: rule)?.maxOpens == 2 + 3 + 1)
            let check = try Probe.run(["check", "--appgroup", appgroup], scratch: root)
            #expect(check.termination == .exited(0), "\(check.stderr)")
        }
    }

    @Test func writerKilledBeforeItsRenameLeavesATemporaryThatTheNextWriterSweeps() throws {
        try withTempDirectory { root in
            let appgroup = root.appendingPathComponent("appgroup").path
            let rule = UUID()
            let snapshot = ["snapshot-write", "--appgroup", appgroup, "--rule", rule.uuidString, "--count", "1"]
            let killed = try Probe.run(
                snapshot, environment: ["OAL_CRASH_AT": "rule-snapshots.update.before-rename"], scratch: root)
            #expect(killed.termination == .signaled(SIGKILL))
            func strays() throws -> [String] {
                try FileManager.default.contentsOfDirectory(atPath: appgroup).filter {
                    $0.hasPrefix(".rule-snapshots.json.tmp-")
                }
            }
            #expect(try strays().count == 1)
            let next = try Probe.run(snapshot, scratch: root)
            #expect(next.termination == .exited(0))
            #expect(try strays().isEmpty)

            // The ledger's compaction: killed before its rename, swept by the next one.
            let day = "2026-11-29"
            let usageDirectory = appgroup + "/usage"
            let increment = [
                "increment", "--appgroup", appgroup, "--rule", rule.uuidString, "--day", day, "--count", "3",
            ]
            #expect(try Probe.run(increment, scratch: root).termination == .exited(0))
            let compact = ["compact", "--appgroup", appgroup, "--day", day]
            let killedCompaction = try Probe.run(
                compact, environment: ["OAL_CRASH_AT": "ledger.compact.before-rename"], scratch: root)
            #expect(killedCompaction.termination == .signaled(SIGKILL))
            func journalStrays() throws -> [String] {
                try FileManager.default.contentsOfDirectory(atPath: usageDirectory).filter { $0.contains(".tmp-") }
            }
            #expect(try journalStrays().count == 1)
            #expect(try Probe.run(compact, scratch: root).termination == .exited(0))
            #expect(try journalStrays().isEmpty)
            let container = try AppGroupContainer(url: URL(fileURLWithPath: appgroup))
            #expect(try UsageLedger(container: container).usage(rule: rule, day: testDay).opensUsed == 3)
        }
    }

    @Test func probeReportsUsageAndDataErrorsWithExitCodes() throws {
        try withTempDirectory { root in
            let appgroup = root.appendingPathComponent("appgroup").path
            #expect(try Probe.run([], scratch: root).termination == .exited(64))
            #expect(try Probe.run(["increment", "--rule", "nope"], scratch: root).termination == .exited(64))
            let help = try Probe.run(["spend", "--help"], scratch: root)
            #expect(help.termination == .exited(0) && help.stdout.contains("--budget"))
            let container = try AppGroupContainer(url: URL(fileURLWithPath: appgroup))
            try write("{oops", to: try RuleSnapshotStore(container: container).file.path)
            let check = try Probe.run(["check", "--appgroup", appgroup], scratch: root)
            #expect(check.termination == .exited(65))
            #expect(check.stderr.contains("rule-snapshots.json"))
        }
    }
}
