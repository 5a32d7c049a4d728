import Foundation
import Glibc
import OALPlatform
import OALStore
import OALSystem

/// An extension's fork server (`--fork-server`, `oal-device run --forked`):
/// cold launches without `execve`. The emulated OS starts the extension
/// once with `--fork-server` and sends it launches as `WarmCallback.Request`
/// lines; for each, the server forks, and the child runs that one callback
/// exactly as a launched process would (its own pid, environment, output
/// files, a fresh `ProcessContext`) and exits with its code. The server
/// itself never runs a callback, so a child starts with none of an earlier
/// callback's memory: what it inherits is the started runtime, the loaded
/// libraries and the pages they touched, which a fresh process would
/// build again (that rebuilding was most of a monitor launch's time).
///
/// Replies, on descriptor 3: `Started` as soon as the child exists (the
/// emulated OS may sample or signal it), then `Ended` when the server has
/// reaped it. A child that dies (a crash point's SIGKILL) is reported as
/// such, and the server goes on.
///
/// The server must read none of the statics a launch's variables set
/// (`Mutant.active`, `CrashPoint`'s configuration, ...): read once, they
/// would be the server's for every child
/// (`ForkedLaunchTests.aMutantNamedPerLaunchReachesEachForkedChild` fails).
public enum ForkServer {
    public static let flag = "--fork-server"

    static let helpLine = """
        \(flag)  (the emulated OS's forked launches, oal-device run --forked)
                   fork one process per launch sent on standard input
        """

    public struct Started: Codable, Sendable, Equatable {
        public var pid: Int32
        public init(pid: Int32) { self.pid = pid }
    }

    public struct Ended: Codable, Sendable, Equatable {
        public var pid: Int32
        /// Its exit code; nil when a signal ended it.
        public var code: Int32?
        public var signal: Int32?
        /// Its `ru_maxrss` in KiB (`ProcessFork.Ending`).
        public var peakKiB: Int

        public init(pid: Int32, code: Int32?, signal: Int32?, peakKiB: Int) {
            self.pid = pid
            self.code = code
            self.signal = signal
            self.peakKiB = peakKiB
        }

        public var termination: ChildProcess.Termination {
            if let signal { return .signaled(signal) }
            return .exited(code ?? ExitCode.internalError.rawValue)
        }
    }

    /// Serves until standard input ends, then exits 0. A line that is not
    /// a request is answered `Ended` with the usage code and no child.
    static func serve(tool: String, _ launch: ([String]) -> ExitCode) -> Never {
        var requests = LineReader(fd: .standardInput)
        let replies = FileDescriptor(rawValue: WarmCallback.replyDescriptor)
        ConformanceWarmUp.run()
        InheritedPageTables.adopt()
        while let line = try? requests.next() {
            guard let request = WarmCallback.message(WarmCallback.Request.self, from: line) else {
                ErrorReport.printError(
                    tool: tool, "fork server: not a launch request: \(String(decoding: line, as: UTF8.self))")
                guard reply(Ended(pid: 0, code: ExitCode.usage.rawValue, signal: nil, peakKiB: 0), on: replies)
                else { break }
                continue
            }
            fflush(nil)
            let side: ProcessFork.Side
            do {
                side = try ProcessFork.fork()
            } catch {
                ErrorReport.printError(tool: tool, "fork server: fork failed: \(error)")
                guard reply(Ended(pid: 0, code: ExitCode.internalError.rawValue, signal: nil, peakKiB: 0), on: replies)
                else { break }
                continue
            }
            guard case .parent(let pid) = side else { runChild(request, requests: requests.fd, replies, launch) }
            guard reply(Started(pid: pid), on: replies), let ending = try? ProcessFork.reap(pid) else { break }
            let (code, signal): (Int32?, Int32?) =
                switch ending.termination {
                case .exited(let code): (code, nil)
                case .signaled(let signal): (nil, signal)
                }
            guard reply(Ended(pid: pid, code: code, signal: signal, peakKiB: ending.peakResidentKiB), on: replies)
            else { break }
            // While the emulated OS goes on to its next event, on the other
            // core: the next child starts warmer (`ForkWarmUp`).
            if let root = rootPath(request.arguments) {
                let input = requests.fd
                ForkWarmUp.run(root: DeviceRoot(path: root)) { (try? input.waitReadable(milliseconds: 0)) ?? true }
            }
        }
        exit(ExitCode.done.rawValue)
    }

    /// The forked child: the server's channel closed, the request's
    /// environment and output files, the callback, then its exit code as
    /// the process's own.
    private static func runChild(
        _ request: WarmCallback.Request, requests: FileDescriptor, _ replies: FileDescriptor,
        _ launch: ([String]) -> ExitCode
    ) -> Never {
        ProcessFork.dieWithParent()
        try? replies.close()
        if let empty = try? FileDescriptor.open("/dev/null", .readOnly) {
            try? empty.duplicate(as: requests)
            try? empty.close()
        }
        for (name, value) in request.environment { setenv(name, value, 1) }
        // A mutant's defect may lie in how a document decodes; what the
        // server decoded unmutated is no answer for it.
        if Mutant.active != nil { DocumentPriming.forgetAll() }
        WarmServer.redirect(request)
        let code = launch(request.arguments)
        exit(code.rawValue)
    }

    /// The `--root DIR` of a launch's arguments.
    static func rootPath(_ arguments: [String]) -> String? {
        guard let index = arguments.firstIndex(of: "--root"), index + 1 < arguments.count else { return nil }
        return arguments[index + 1]
    }

    private static func reply<Message: Encodable>(_ message: Message, on replies: FileDescriptor) -> Bool {
        guard let line = try? WarmCallback.line(message) else { return false }
        return (try? replies.writeAll(line)) != nil
    }
}
