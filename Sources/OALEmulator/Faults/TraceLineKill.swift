import Foundation
import Glibc
import OALSystem

/// `kill device at-line N`: a thread of the device's own reads the trace as
/// it grows and SIGKILLs the process once it holds N lines. Any process may
/// have written the Nth line (an extension's `exit`, a store's write), so
/// the kill lands where no crash point is announced: while a launch runs,
/// between its exit and the device's record of it, between two steps. The
/// line count, unlike a wall-clock offset, names about the same instant on
/// a fast machine and a loaded one.
enum TraceLineKill {
    /// How long the thread sleeps when the trace has no new bytes: short
    /// enough that the kill lands within a line or two of N.
    static let pollMicroseconds: useconds_t = 200

    static func arm(trace: URL, line: Int) {
        let path = trace.path
        Thread.detachNewThread {
            var lines = 0
            var offset: Int64 = 0
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            var file: FileDescriptor?
            while true {
                // The trace may not exist yet on a root whose run has not
                // started; it is opened once it does.
                if file == nil { file = try? FileDescriptor.open(path, .readOnly) }
                guard let descriptor = file else {
                    usleep(pollMicroseconds)
                    continue
                }
                let count = buffer.withUnsafeMutableBytes {
                    (try? descriptor.read(fromAbsoluteOffset: offset, into: $0)) ?? 0
                }
                guard count > 0 else {
                    usleep(pollMicroseconds)
                    continue
                }
                offset += Int64(count)
                for byte in buffer[0..<count] where byte == UInt8(ascii: "\n") {
                    lines += 1
                    if lines >= line {
                        try? ProcessSignal.sendToSelf(SIGKILL)
                        while true { pause() }
                    }
                }
            }
        }
    }
}
