import Foundation
import Glibc
import OALSystem

/// A launch's standard output through a pipe, copied by the device into
/// its capture file. A launch on a full disk (`RLIMIT_FSIZE`) can write no
/// file, yet its output stands for what an extension hands back to iOS
/// over XPC (a shield's configuration, a button's response), which no full
/// disk stops. The pipe is not a file, so the limit does not apply to it.
final class OutputDrain: @unchecked Sendable {
    /// The end the child gets as its descriptor 1.
    let writeEnd: FileDescriptor
    private let readEnd: FileDescriptor
    private let path: String
    private let done = DispatchSemaphore(value: 0)
    private var failure: Errno?
    private var finished = false

    init(into path: String) throws(Errno) {
        let pipe = try AnonymousPipe()
        writeEnd = pipe.writeEnd
        readEnd = pipe.readEnd
        self.path = path
    }

    /// After the spawn: the device's copy of the write end is closed (so
    /// the pipe ends when the child's does) and the copying starts, on a
    /// thread of its own so a child that writes more than a pipe holds is
    /// never blocked by a device waiting for it to exit.
    func started() {
        try? writeEnd.close()
        Thread.detachNewThread { [self] in
            defer { done.signal() }
            do throws(Errno) {
                let bytes = try readEnd.readToEnd()
                // As `ChildProcess.spawn` opens a capture file: owned, never
                // through a link.
                let file = try FileDescriptor.openOwned(path, .truncate)
                defer { try? file.close() }
                try file.writeAll(bytes)
            } catch {
                failure = error
            }
            try? readEnd.close()
        }
    }

    /// Waits until everything the child wrote is in the file; the error of
    /// the copy, if it failed. Called again, it returns at once.
    func finish() throws(Errno) {
        if !finished {
            done.wait()
            finished = true
        }
        if let failure { throw failure }
    }

    /// The spawn failed: both ends closed, nothing to copy.
    func abandon() {
        try? writeEnd.close()
        try? readEnd.close()
    }
}
