import Foundation
import Glibc
import OALPlatform
import OALSystem

/// A warm extension process (`--serve`): iOS may hand an extension that is
/// still alive its next callback, and whatever the extension keeps in
/// memory survives from one callback to the next. The emulated OS
/// (`oal-device run --warm SEED`) starts the extension once with
/// `--serve` and sends it callbacks as `WarmCallback.Request` lines; each
/// runs exactly as a cold launch would (a fresh `ProcessContext`, the same
/// trace lines, every store through its files and locks), in the same
/// process. Nothing else differs, so a warm run shows what a design cached
/// in memory and did not read again.
public enum WarmServer {
    public static let flag = "--serve"

    static let helpLine = """
        \(flag)    (the emulated OS's warm mode, oal-device run --warm) serve callbacks
                   sent on standard input, one per line, until it closes
        """

    /// Only the extensions: iOS launches the app itself, not callbacks in it.
    public static func serves(_ kind: ProcessKind) -> Bool {
        kind == .monitor || kind == .shieldConfig || kind == .shieldAction
    }

    /// Serves until standard input ends, then exits 0. A request that is
    /// not one is answered with the usage exit code, and the process goes
    /// on: the emulated OS's bug should not look like the extension's.
    static func serve(tool: String, _ launch: ([String]) -> ExitCode) -> Never {
        var requests = LineReader(fd: .standardInput)
        let replies = FileDescriptor(rawValue: WarmCallback.replyDescriptor)
        while let line = try? requests.next() {
            let code: ExitCode
            if let request = WarmCallback.message(WarmCallback.Request.self, from: line) {
                for (name, value) in request.environment { setenv(name, value, 1) }
                redirect(request)
                code = launch(request.arguments)
                fflush(nil)
            } else {
                ErrorReport.printError(
                    tool: tool, "warm: not a callback request: \(String(decoding: line, as: UTF8.self))")
                code = .usage
            }
            guard let reply = try? WarmCallback.line(WarmCallback.Reply(code: code.rawValue)),
                (try? replies.writeAll(reply)) != nil
            else { break }
        }
        exit(ExitCode.done.rawValue)
    }

    /// The callback's standard output and error go to its capture files,
    /// as a cold launch's do (the device appends them to `logs/<kind>.log`);
    /// a forked launch's too (`ForkServer`).
    static func redirect(_ request: WarmCallback.Request) {
        fflush(nil)
        guard let out = try? FileDescriptor.openOwned(request.standardOutput, .truncate) else { return }
        defer { try? out.close() }
        try? out.duplicate(as: .standardOutput)
        let err =
            request.standardError == request.standardOutput
            ? out : try? FileDescriptor.openOwned(request.standardError, .truncate)
        if let err {
            try? err.duplicate(as: .standardError)
            if err != out { try? err.close() }
        }
    }
}
