import Glibc

/// The resident memory of a running process, read from the kernel's
/// `/proc/PID/status` (Linux): what a watcher samples to kill a process
/// whose memory passes a limit while it runs, as iOS's jetsam does.
public enum ProcessMemory {
    /// One reading of a running process.
    public struct Sample: Sendable, Hashable {
        /// `VmHWM`, the largest resident set the process has had so far, in
        /// KiB: a peak, not the current size, so no spike between two
        /// samples is missed. Counts the shared libraries' pages it touched.
        public var peakResidentKiB: Int
        /// `RssAnon`, its anonymous (private, dirty) resident memory now, in
        /// KiB: what the process itself allocated, without the libraries'
        /// file pages, the nearer analogue of iOS's footprint.
        public var privateKiB: Int

        public init(peakResidentKiB: Int, privateKiB: Int) {
            self.peakResidentKiB = peakResidentKiB
            self.privateKiB = privateKiB
        }
    }

    /// nil when the process has ended: it is gone (ENOENT, ESRCH) or a
    /// zombie, which keeps no memory.
    public static func sample(of pid: pid_t) throws(Errno) -> Sample? {
        let text: String
        do {
            text = try read("/proc/\(pid)/status")
        } catch let error where error == .noSuchFileOrDirectory || error.rawValue == ESRCH {
            return nil
        }
        guard let peak = field("VmHWM", in: text), let anonymous = field("RssAnon", in: text) else { return nil }
        return Sample(peakResidentKiB: peak, privateKiB: anonymous)
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
