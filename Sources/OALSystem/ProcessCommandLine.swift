import Foundation

/// The arguments a running process was started with, read from the
/// kernel's `/proc/PID/cmdline` (Linux): how a pid found in a file is told
/// apart from an unrelated process that reused it.
public enum ProcessCommandLine {
    /// `argv`, the executable's path first; nil when the process has ended
    /// or cannot be read (a zombie's is empty, and so is nil).
    public static func arguments(of pid: pid_t) -> [String]? {
        guard pid > 0, let data = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline"), !data.isEmpty
        else { return nil }
        return data.split(separator: 0, omittingEmptySubsequences: false).dropLast().map {
            String(decoding: $0, as: UTF8.self)
        }
    }
}
