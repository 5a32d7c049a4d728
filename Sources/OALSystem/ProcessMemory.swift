import Glibc

/// The resident memory of a running process, read from the kernel's
/// `/proc/PID/status` (Linux): what a watcher samples to kill a process
/// whose memory passes a limit while it runs, as iOS's jetsam does.
public enum ProcessMemory {
    /// `VmHWM`, the largest resident set the process has had so far, in
    /// KiB. A peak, not the current size, so a sample never misses a spike
    /// that came and went between two samples. nil when the process has
    /// ended: it is gone (ENOENT, ESRCH) or a zombie, which keeps no memory.
    public static func peakResidentKiB(of pid: pid_t) throws(Errno) -> Int? {
        let text: String
        do {
            text = try read("/proc/\(pid)/status")
        } catch let error where error == .noSuchFileOrDirectory || error.rawValue == ESRCH {
            return nil
        }
        return field("VmHWM", in: text)
    }

    /// The number of KiB of a `NAME:   1234 kB` line.
    static func field(_ name: String, in text: String) -> Int? {
        for line in text.split(separator: "\n") where line.hasPrefix(name + ":") {
            let words = line.dropFirst(name.count + 1).split { $0 == " " || $0 == "\t" }
            return words.first.flatMap { Int($0) }
        }
        return nil
    }

    private static func read(_ path: String) throws(Errno) -> String {
        let fd = try FileDescriptor.open(path, .readOnly)
        defer { try? fd.close() }
        return String(decoding: try fd.readToEnd(), as: UTF8.self)
    }
}
