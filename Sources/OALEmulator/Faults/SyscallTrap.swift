import Foundation
import OALScenario

/// strace as a launch's wrapper (Debian's `strace`, installed by `.ci/run`):
/// either it logs the file-changing system calls of a listing run, or it
/// SIGKILLs the process on entry to its Nth call of one of them. strace
/// follows only the launched process's first thread (no `-f`), and counts
/// each call per thread, so the listing's numbering is the kill's.
public enum SyscallTrap {
    /// strace found on the launch's `PATH` by env(1): a library reads no
    /// environment, and a machine without strace fails the launch with
    /// env's "strace: No such file or directory" (exit 127).
    public static let executable = ["/usr/bin/env", "strace"]

    /// Logs every call of `SyscallName.all` to `path`, one a line.
    public static func logging(to path: String) -> [String] {
        executable + ["-qq", "-o", path, "-e", "trace=" + SyscallName.all.joined(separator: ","), "--"]
    }

    /// SIGKILL on entry to call `point` (`NAME#N`), before it does anything.
    public static func killing(at point: String) -> [String] {
        let hash = point.lastIndex(of: "#") ?? point.endIndex
        let name = String(point[..<hash])
        let n = point[hash...].dropFirst()
        return executable + [
            "-qq", "-o", "/dev/null", "-e", "trace=\(name)", "-e", "inject=\(name):signal=KILL:when=\(n)",
            "--",
        ]
    }
}
