import Foundation
import Glibc
import OALProcesses
import OALSystem

/// A long-lived extension process the device talks to in lines: requests
/// on the process's standard input, replies on its descriptor 3
/// (`WarmCallback`). Both a warm extension (`--serve`, `WarmProcess`) and a
/// fork server (`--fork-server`, `ForkServerProcess`) are one.
final class ServerChannel {
    let child: ChildProcess
    private let requests: FileDescriptor
    private var replies: LineReader

    /// Starts `executable flag`; its own output outside a callback (a
    /// failure before the first request) goes to `log`.
    init(executable: String, flag: String, environment: [String: String], log: String) throws(Errno) {
        // A write to a server that died fails with EPIPE, and the caller
        // reaps it, rather than this process dying of the signal.
        ProcessSignal.ignore(SIGPIPE)
        let requestPipe = try AnonymousPipe()
        let replyPipe = try AnonymousPipe()
        defer {
            try? requestPipe.readEnd.close()
            try? replyPipe.writeEnd.close()
        }
        do {
            child = try ChildProcess.spawn(
                executable, arguments: [flag], environment: environment, standardOutput: log, standardError: log,
                descriptors: [0: requestPipe.readEnd, WarmCallback.replyDescriptor: replyPipe.writeEnd])
        } catch {
            try? requestPipe.writeEnd.close()
            try? replyPipe.readEnd.close()
            throw error
        }
        requests = requestPipe.writeEnd
        replies = LineReader(fd: replyPipe.readEnd)
    }

    /// Sends one request line; false when the process is gone (EPIPE).
    func send(_ request: WarmCallback.Request) throws(Errno) -> Bool {
        let line: [UInt8]
        do {
            line = try WarmCallback.line(request)
        } catch {
            throw Errno(rawValue: EINVAL)
        }
        return (try? requests.writeAll(line)) != nil
    }

    /// The next reply as `Message`; nil when the channel closed (the
    /// process died) or the line is not one.
    func reply<Message: Decodable>(_ type: Message.Type) -> Message? {
        guard let line = try? replies.next() else { return nil }
        return WarmCallback.message(type, from: line)
    }

    /// Closes both ends (a server exits at the end of its input) and reaps
    /// the process.
    func close() throws(Errno) -> ChildProcess.Termination {
        try? requests.close()
        try? replies.fd.close()
        return try child.wait()
    }
}
