import Foundation
import Glibc
import OALPlatform
import OALSystem

/// The launches a killed device left running. An extension outlives the
/// death of the process that launched it (its host is iOS, not the
/// emulator), so a press's shield action may still be spending its open
/// when the device starts again on the root. What it commits belongs to
/// the run the resume continues: the resumed device waits for it to end
/// before it reads the trace, or it would finish the press without its
/// answer.
enum OrphanedLaunches {
    /// How long an orphan may still run before it is SIGKILLed (a launch
    /// stopped by a `preempt` fault whose device died never resumes).
    static let patience: TimeInterval = 30

    /// The pids of launches traced as started and not as exited that still
    /// run on `root` (a foreground loop is adopted, not waited for).
    static func running(on root: DeviceRoot) -> [Int32] {
        guard let lines = try? TraceLog.read(root.trace) else { return [] }
        var open: [Int: Int32] = [:]
        for case .success(let event) in lines where event.process != .device {
            guard let launch = event.launch else { continue }
            if event.event == "launch" { open[launch] = event.pid }
            if event.event == "exit" { open[launch] = nil }
        }
        return open.values.sorted().filter { runs($0, on: root) }
    }

    /// Waits for every orphan on `root` to end; SIGKILLs those still
    /// running after `patience`. Returns the pids it had to kill.
    static func settle(on root: DeviceRoot, patience: TimeInterval = patience) -> [Int32] {
        var waiting = running(on: root)
        let deadline = Date().addingTimeInterval(patience)
        while !waiting.isEmpty, Date() < deadline {
            usleep(5_000)
            waiting = waiting.filter { runs($0, on: root) }
        }
        for pid in waiting { try? ProcessSignal.send(SIGKILL, to: pid) }
        return waiting
    }

    /// `pid` is alive, not a zombie, and its command line names `root`
    /// (`--root ROOT`), so a pid the kernel gave another process is left
    /// alone; a foreground loop (`... run`) is not an orphan.
    static func runs(_ pid: Int32, on root: DeviceRoot) -> Bool {
        guard ProcessSignal.isAlive(pid), !zombie(pid), let arguments = ProcessCommandLine.arguments(of: pid),
            arguments.last != "run", let flag = arguments.firstIndex(of: "--root"), flag + 1 < arguments.count
        else { return false }
        return URL(fileURLWithPath: arguments[flag + 1]).standardized.path == root.url.standardized.path
    }

    static func zombie(_ pid: Int32) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return false }
        return stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).hasPrefix("Z")
    }
}
