import Glibc

/// Reads a descriptor line by line (`read(2)` into a buffer, split at
/// `\n`), for a message channel such as a pipe: a line is handed back only
/// once its newline arrived.
public struct LineReader {
    public let fd: FileDescriptor
    private var pending: [UInt8] = []
    private var chunk = [UInt8](repeating: 0, count: 16 * 1024)

    public init(fd: FileDescriptor) { self.fd = fd }

    /// The next line without its newline; nil at end of file (a last line
    /// without a newline is dropped: the writer died writing it).
    public mutating func next() throws(Errno) -> [UInt8]? {
        while true {
            if let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                let line = Array(pending[..<newline])
                pending.removeSubrange(...newline)
                return line
            }
            let fd = fd
            let got = chunk.withUnsafeMutableBytes { raw in
                Result { () throws(Errno) in try fd.read(into: raw) }
            }
            let count = try got.get()
            if count == 0 { return nil }
            pending.append(contentsOf: chunk[0..<count])
        }
    }
}
