import Foundation
import Glibc
import OALPlatform
import OALSystem
import OALTestSupport
import Testing

@testable import OALEmulator
@testable import OALExplore
@testable import OALOracle
@testable import OALRunViews

/// One run per device root (issue 23, item 5): two `oal-device run`s on one
/// root used to play side by side, the app database got every rule twice
/// and the oracle blamed the app for it.
@Suite struct RootLockTests {
    /// A real second process is refused with exit 75, naming the pid of
    /// the run that holds the root, and leaves the root as it was; the
    /// first run then plays on to its end.
    @Test func aSecondRunOnARootInUseIsRefusedAndNamesTheHolder() throws {
        let run = try DeviceProcessRun(
            """
            end day 2 12:00
            at 08:00 app list add Games --apps Chess
            at 08:00 app rule add open-limit Gate --list Games --opens 2
            at 09:00 press open on Chess for 5m
            """)
        defer { run.remove() }
        let root = run.root("device")
        #expect(try run.initialize(root) == .exited(0))
        let first = try ChildProcess.spawn(
            run.executable, arguments: ["run", "--root", root.url.path, run.file.path, "--quiet"],
            standardOutput: "/dev/null", standardError: "/dev/null")
        // Stopped once it has started: it holds the root, and cannot finish.
        let started = Date()
        while !((try? run.trace(root)) ?? []).contains(where: { $0.event == "run.start" }) {
            #expect(Date().timeIntervalSince(started) < 60, "the first run never started")
            if Date().timeIntervalSince(started) > 60 { break }
            usleep(10_000)
        }
        try first.signal(SIGSTOP)
        // A launch the run had in flight is not stopped with it and may
        // still write its own events: the trace is compared once it is done.
        waitForChildren(of: first.pid)
        let traceBefore = try Data(contentsOf: root.trace)
        let errors = run.directory.appendingPathComponent("second.err").path
        let second = try ChildProcess.spawn(
            run.executable, arguments: ["run", "--root", root.url.path, run.file.path],
            standardOutput: "/dev/null", standardError: errors
        ).wait()
        let message = try String(contentsOfFile: errors, encoding: .utf8)
        #expect(second == .exited(75), "\(message)")
        #expect(message.contains("pid \(first.pid)") && message.contains(root.url.path), "\(message)")
        #expect(try Data(contentsOf: root.trace) == traceBefore, "the refused run wrote to the root")
        try first.signal(SIGCONT)
        #expect(try first.wait() == .exited(0))
        // Ended, the root is free again: a third run is not refused as busy
        // but as finished (RootRunTests).
        let third = try ChildProcess.spawn(
            run.executable, arguments: ["run", "--root", root.url.path, run.file.path, "--quiet"],
            standardOutput: "/dev/null", standardError: errors
        ).wait()
        let finished = try String(contentsOfFile: errors, encoding: .utf8)
        #expect(third == .exited(64) && finished.contains("the run on this root is finished"), "\(finished)")
    }

    /// Waits (up to a minute) until every child of `pid` has ended: a
    /// zombie writes nothing more.
    private func waitForChildren(of pid: pid_t) {
        let started = Date()
        while Date().timeIntervalSince(started) < 60 {
            let listed = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
            let running = listed.split(separator: " ").filter { child in
                let stat = (try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8)) ?? ""
                // The state follows the command name's closing parenthesis.
                guard let close = stat.lastIndex(of: ")") else { return false }
                return !stat[close...].hasPrefix(") Z")
            }
            if running.isEmpty { return }
            usleep(10_000)
        }
    }

    /// In one process too: a second engine on a root whose engine is alive
    /// is refused (`EngineError.rootInUse`), naming this process.
    @Test func aSecondEngineOnOneRootIsRefused() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("oal-lock-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let body = DeviceHarness.header + "at 08:00 app list add Games --apps Chess\n"
        let scenario = try ScenarioParser(file: directory.appendingPathComponent("t.scenario").path).parse(body)
        let root = DeviceRoot(directory.appendingPathComponent("device", isDirectory: true))
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try DeviceInit.create(root: root, from: .scenario(scenario))
        let run = try ResolvedRun.resolve(.built(scenario.file, seed: 1), scenario: scenario)
        let options = EngineOptions(root: root)
        let holder = try DeviceEngine(run: run, options: options)
        #expect {
            _ = try DeviceEngine(run: run, options: options)
        } throws: { error in
            guard case EngineError.rootInUse(_, let pid) = error else { return false }
            return pid == getpid() && (error as? EngineError)?.exitCode == .busy
        }
        _ = holder
    }
}

extension RootLockTests {
    /// `run --lock-fd N` (issue 39): the lock a supervisor took first is
    /// taken over through its own descriptor; a descriptor of another file
    /// is refused, naming both, and the root's lock stays free of it.
    @Test func aLockTheCallerHoldsIsTakenOverThroughItsDescriptor() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("oal-lockfd-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let root = DeviceRoot(directory.appendingPathComponent("device", isDirectory: true))
        try FileManager.default.createDirectory(at: root.system, withIntermediateDirectories: true)
        let path = root.system.appendingPathComponent(RootLock.fileName).path
        let held = try FileDescriptor.open(
            path, .readWrite, options: [.create], permissions: .ownerReadWrite)
        #expect(try held.tryLock(.exclusive))
        // Another open of the file, as a second run makes, is refused...
        #expect(throws: EngineError.self) { _ = try RootLock(root: root) }
        // ...the holder's own descriptor is not.
        let copy = dup(held.rawValue)
        let taken = try RootLock(root: root, inherited: copy)
        _ = taken
        let other = try FileDescriptor.open(
            directory.appendingPathComponent("other").path, .readWrite, options: [.create],
            permissions: .ownerReadWrite)
        defer { try? other.close() }
        #expect {
            _ = try RootLock(root: root, inherited: other.rawValue)
        } throws: { error in
            "\(error)".contains("is not \(path)")
        }
        try held.close()
    }
}
