import Glibc

/// An inotify instance (`inotify(7)`), non-blocking: the changes the kernel
/// saw in watched directories, read when the owner asks.
public struct Inotify: Sendable {
    public let descriptor: FileDescriptor

    /// What a watch reports: the `IN_*` bits of `inotify(7)`.
    public struct Events: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let modify = Events(rawValue: UInt32(IN_MODIFY))
        public static let attributes = Events(rawValue: UInt32(IN_ATTRIB))
        public static let closeWrite = Events(rawValue: UInt32(IN_CLOSE_WRITE))
        public static let movedFrom = Events(rawValue: UInt32(IN_MOVED_FROM))
        public static let movedTo = Events(rawValue: UInt32(IN_MOVED_TO))
        public static let create = Events(rawValue: UInt32(IN_CREATE))
        public static let delete = Events(rawValue: UInt32(IN_DELETE))
        public static let deleteSelf = Events(rawValue: UInt32(IN_DELETE_SELF))
        public static let moveSelf = Events(rawValue: UInt32(IN_MOVE_SELF))
        /// Reported, never asked for: the kernel dropped events.
        public static let queueOverflow = Events(rawValue: UInt32(IN_Q_OVERFLOW))
        /// Reported, never asked for: the watch is gone (its directory was
        /// removed, or `removeWatch`).
        public static let ignored = Events(rawValue: UInt32(IN_IGNORED))
        /// Reported, never asked for: the name is a directory's.
        public static let isDirectory = Events(rawValue: UInt32(IN_ISDIR))

        /// Everything that changes a directory's entries or a file's bytes
        /// or attributes.
        public static let anyChange: Events = [
            .modify, .attributes, .closeWrite, .movedFrom, .movedTo, .create, .delete, .deleteSelf, .moveSelf,
        ]
    }

    public struct Event: Equatable, Sendable {
        /// The watch it is for (`addWatch`'s answer); -1 for an overflow.
        public var watch: Int32
        public var events: Events
        /// The entry's name in the watched directory; empty for the
        /// directory itself.
        public var name: String
    }

    /// `inotify_init1(IN_NONBLOCK | IN_CLOEXEC)`.
    public init() throws(Errno) {
        let fd = try syscall { inotify_init1(Int32(IN_NONBLOCK) | Int32(IN_CLOEXEC)) }.get()
        descriptor = FileDescriptor(rawValue: fd)
    }

    /// `inotify_add_watch(2)`: the watch descriptor (the same one again for
    /// a path already watched).
    public func addWatch(_ path: String, _ events: Events) throws(Errno) -> Int32 {
        try syscall { inotify_add_watch(descriptor.rawValue, path, events.rawValue) }.get()
    }

    /// Every event queued now; none when there are none (never blocks).
    public func read() throws(Errno) -> [Event] {
        var result: [Event] = []
        // Room for a dozen events of the longest name (one is at most
        // `sizeof(inotify_event) + NAME_MAX + 1` bytes); the loop reads on
        // until none is left. Asked at every observation: a larger buffer
        // was zeroed there for nothing.
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let got = buffer.withUnsafeMutableBytes { raw in
                syscall { Glibc.read(descriptor.rawValue, raw.baseAddress, raw.count) }
            }
            let count: Int
            switch got {
            case .success(let read): count = read
            case .failure(let error) where error == .wouldBlock: return result
            case .failure(let error): throw error
            }
            if count == 0 { return result }
            result += Self.events(in: buffer[..<count])
        }
    }

    /// The events `bytes` hold, as `read(2)` returns them.
    static func events(in bytes: ArraySlice<UInt8>) -> [Event] {
        var result: [Event] = []
        let header = MemoryLayout<inotify_event>.size
        var offset = bytes.startIndex
        while offset + header <= bytes.endIndex {
            let (watch, mask, length) = bytes[offset..<offset + header].withUnsafeBytes { raw in
                let event = raw.loadUnaligned(as: inotify_event.self)
                return (event.wd, event.mask, Int(event.len))
            }
            let nameStart = offset + header
            let nameEnd = min(nameStart + length, bytes.endIndex)
            let nameBytes = bytes[nameStart..<nameEnd].prefix { $0 != 0 }
            result.append(
                Event(watch: watch, events: Events(rawValue: mask), name: String(decoding: nameBytes, as: UTF8.self)))
            offset = nameStart + length
        }
        return result
    }

    public func close() throws(Errno) { try descriptor.close() }
}
