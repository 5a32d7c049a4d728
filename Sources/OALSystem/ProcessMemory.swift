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
        guard let reader = try Reader(pid: pid) else { return nil }
        return try reader.sample()
    }

    /// `/proc/PID/status` held open for one process's life, so a watcher
    /// sampling every millisecond pays one `pread(2)` a sample and no
    /// `open(2)`. The descriptor names the process, not its pid: once the
    /// process is reaped, reads fail (ESRCH) even if the pid is reused.
    public final class Reader {
        private let fd: FileDescriptor
        /// Reused: a status text is under 2 KiB.
        private var buffer = [UInt8](repeating: 0, count: 4096)

        /// nil when there is no such process (any more).
        public init?(pid: pid_t) throws(Errno) {
            do {
                fd = try FileDescriptor.open("/proc/\(pid)/status", .readOnly)
            } catch let error where error == .noSuchFileOrDirectory || error.rawValue == ESRCH {
                return nil
            }
        }

        deinit { try? fd.close() }

        /// The process's memory now; nil once it has ended.
        public func sample() throws(Errno) -> Sample? {
            let fd = fd
            let result = buffer.withUnsafeMutableBytes { raw in
                Result { () throws(Errno) in try fd.read(fromAbsoluteOffset: 0, into: raw) }
            }
            let count: Int
            switch result {
            case .success(let read): count = read
            case .failure(let error) where error == .noSuchFileOrDirectory || error.rawValue == ESRCH: return nil
            case .failure(let error): throw error
            }
            return buffer.withUnsafeBufferPointer { bytes in
                ProcessMemory.sample(in: UnsafeBufferPointer(rebasing: bytes[0..<count]))
            }
        }
    }

    /// The two figures of a status text; nil when either is missing (a
    /// zombie's status has no `Vm` lines).
    static func sample(in text: UnsafeBufferPointer<UInt8>) -> Sample? {
        guard let peak = field(vmHWM, in: text), let anonymous = field(rssAnon, in: text) else { return nil }
        return Sample(peakResidentKiB: peak, privateKiB: anonymous)
    }

    /// The number of KiB of a `NAME:   1234 kB` line (`name` with its
    /// colon). Scanned as bytes: parsing the text as a `String` every
    /// millisecond was most of the device's cost of watching a launch.
    static func field(_ name: [UInt8], in text: UnsafeBufferPointer<UInt8>) -> Int? {
        var lineStart = 0
        while lineStart < text.count {
            var end = lineStart
            while end < text.count && text[end] != UInt8(ascii: "\n") { end += 1 }
            if end - lineStart > name.count && text[lineStart..<(lineStart + name.count)].elementsEqual(name) {
                var index = lineStart + name.count
                while index < end && (text[index] == UInt8(ascii: " ") || text[index] == UInt8(ascii: "\t")) {
                    index += 1
                }
                var value = 0
                var digits = 0
                while index < end, case let digit = Int(text[index]) - 48, (0...9).contains(digit) {
                    value = value * 10 + digit
                    digits += 1
                    index += 1
                }
                return digits > 0 ? value : nil
            }
            lineStart = end + 1
        }
        return nil
    }

    /// The figures of a status text held in an array (tests, tools).
    public static func sample(parsing text: [UInt8]) -> Sample? {
        text.withUnsafeBufferPointer { sample(in: $0) }
    }

    private static let vmHWM = Array("VmHWM:".utf8)
    private static let rssAnon = Array("RssAnon:".utf8)
}
