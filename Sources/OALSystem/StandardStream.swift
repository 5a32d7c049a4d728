import Glibc

/// `write(2)` to standard output or standard error, retried on EINTR and
/// short writes, and never fatal: Foundation's `FileHandle.write` traps
/// (SIGILL) when the write fails, and the one time a process most needs to
/// say what went wrong (a full disk: EFBIG, ENOSPC) is when its captured
/// stderr cannot grow either. A message that cannot be written is dropped;
/// the exit code still says what happened.
public enum StandardStream: Int32, Sendable {
    case output = 1
    case error = 2

    public func write(_ text: String) { write(bytes: Array(text.utf8)) }

    public func write(bytes: [UInt8]) {
        var bytes = bytes
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                Glibc.write(rawValue, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written > 0 {
                offset += written
            } else if written < 0, errno == EINTR {
                continue
            } else {
                return
            }
        }
        bytes.removeAll()
    }
}
