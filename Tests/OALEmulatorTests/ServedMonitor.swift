import Foundation
import Glibc
import OALPlatform
import OALProcesses
import OALSystem
import OALTestSupport

@testable import OALEmulator
@testable import OALExplore
@testable import OALOracle
@testable import OALRunViews

/// `oal-monitor` started as a server (`--serve`, `--fork-server`) on a
/// fresh empty device root, talked to as the emulated OS does: request
/// lines on its standard input, replies read from its descriptor 3.
struct ServedMonitor {
    let directory: String
    let root: DeviceRoot
    let process: ChildProcess
    private let requests: FileDescriptor
    private var replies: LineReader

    init(_ flag: String, prefix: String) throws {
        // A write to a server that died fails with EPIPE (and the test
        // with it) rather than killing the test process.
        ProcessSignal.ignore(SIGPIPE)
        directory = try TemporaryDirectory.make(prefix: prefix).path
        root = DeviceRoot(path: directory + "/device")
        try DeviceInit.create(
            root: root, from: .empty(start: Date(timeIntervalSince1970: 1_764_489_600), timeZoneIdentifier: "UTC"))
        let requestPipe = try AnonymousPipe()
        let replyPipe = try AnonymousPipe()
        process = try ChildProcess.spawn(
            try BuiltProducts.executable("oal-monitor").path, arguments: [flag],
            standardOutput: directory + "/server.log", standardError: directory + "/server.log",
            descriptors: [0: requestPipe.readEnd, WarmCallback.replyDescriptor: replyPipe.writeEnd])
        try requestPipe.readEnd.close()
        try replyPipe.writeEnd.close()
        requests = requestPipe.writeEnd
        replies = LineReader(fd: replyPipe.readEnd)
    }

    /// Sends one raw line (a request's, or anything else).
    func send(line: String) throws { try requests.writeAll(Array((line + "\n").utf8)) }

    /// Sends launch `launch`: an `intervalDidStart` of an activity no rule
    /// has, which the monitor traces as `callback.ignored` and exits 0.
    func send(launch: Int) throws {
        let request = WarmCallback.Request(
            arguments: ["--root", root.url.path, "intervalDidStart", "no-such-activity"],
            environment: [TraceLog.launchVariable: String(launch)], standardOutput: directory + "/\(launch).out",
            standardError: directory + "/\(launch).err")
        try requests.writeAll(try WarmCallback.line(request))
    }

    /// The next reply, as `Message`; nil when the channel closed or the line
    /// is not one.
    mutating func next<Message: Decodable>(_ type: Message.Type) throws -> Message? {
        try replies.next().flatMap { WarmCallback.message(type, from: $0) }
    }

    /// Closes the server's input and waits for it to end.
    func finish() throws -> ChildProcess.Termination {
        try requests.close()
        defer { try? replies.fd.close() }
        return try process.wait()
    }

    /// The monitor's trace lines.
    func trace() throws -> [TraceEvent] {
        try TraceLog.read(root.trace).map { try $0.get() }.filter { $0.process == .monitor }
    }

    func remove() { try? FileManager.default.removeItem(atPath: directory) }
}
