import Foundation
import OALPlatform
import OALSystem

/// The top level every executable shares: parse, `--help`, open the device,
/// trace `launch` and `exit`, turn any error into its exit code and one
/// stderr line. A `main.swift` only supplies its usage text and a body.
public enum ProcessMain {
    /// Runs `body` against the device named by `--root` and exits. An
    /// extension started with the single argument `--serve` is a warm
    /// process instead (`WarmServer`): it runs `body` once per callback the
    /// emulated OS sends it, until its standard input closes; one started
    /// with `--fork-server` forks a process per launch sent (`ForkServer`).
    public static func run(
        tool: String, kind: ProcessKind, usage: String, spec: ArgumentSpec,
        arguments: [String] = Array(CommandLine.arguments.dropFirst()),
        _ body: (ProcessContext, ParsedArguments) throws -> ExitCode
    ) -> Never {
        if arguments == [WarmServer.flag], WarmServer.serves(kind) {
            WarmServer.serve(tool: tool) { arguments in
                launch(tool: tool, kind: kind, usage: usage, spec: spec, arguments: arguments, body)
            }
        }
        if arguments == [ForkServer.flag], WarmServer.serves(kind) {
            ForkServer.serve(tool: tool) { arguments in
                launch(tool: tool, kind: kind, usage: usage, spec: spec, arguments: arguments, body)
            }
        }
        exit(launch(tool: tool, kind: kind, usage: usage, spec: spec, arguments: arguments, body).rawValue)
    }

    /// One launch's work, as `run` does it, returning the exit code: parse,
    /// `--help`, open the device, trace `launch`, the body, trace `exit`.
    static func launch(
        tool: String, kind: ProcessKind, usage: String, spec: ArgumentSpec, arguments: [String],
        _ body: (ProcessContext, ParsedArguments) throws -> ExitCode
    ) -> ExitCode {
        var context: ProcessContext?
        let code = guarded(tool: tool, usage: usage) { () throws -> ExitCode in
            let parsed = try ArgumentParser.parse(arguments, spec: spec.merging(.common))
            if parsed.has("help") {
                print(help(usage: usage, kind: kind))
                return .done
            }
            if parsed.has("version") {
                print(ToolVersion.line(tool: tool))
                return .done
            }
            guard let rootPath = parsed.value("root") else {
                throw ProcessFailure.usage("missing required option --root DIR")
            }
            // `--untraced`: the oracle's own look at a guest app (`probe`), which
            // must leave the run's trace as it would be without the oracle.
            let opened = try ProcessContext(
                tool: tool, kind: kind, rootPath: rootPath, traced: !parsed.has("untraced"))
            context = opened
            opened.record("launch", ["argv": traceArguments(arguments).joined(separator: " ")])
            return try body(opened, parsed)
        } onFailure: { code, message in
            context?.record("error", ["code": "\(code.rawValue)", "message": message])
        }
        context?.record("exit", ["code": "\(code.rawValue)"])
        return code
    }

    /// `--help`: the usage, and for an extension its server flags, placed
    /// before the usage's closing "Exit codes:" paragraph so the help ends
    /// with its exit codes (docs/PROCESSES.md, "Terminal conventions").
    static func help(usage: String, kind: ProcessKind) -> String {
        guard WarmServer.serves(kind) else { return usage }
        let servers = WarmServer.helpLine + "\n" + ForkServer.helpLine
        guard let exitCodes = usage.range(of: "\n\nExit codes:", options: .backwards) else {
            return usage + "\n\n" + servers
        }
        return usage[..<exitCodes.lowerBound] + "\n\n" + servers + usage[exitCodes.lowerBound...]
    }

    /// The arguments without `--root DIR`: the trace lives in the root
    /// already, and leaving it out keeps replays on different directories
    /// byte-identical.
    static func traceArguments(_ arguments: [String]) -> [String] {
        var result: [String] = []
        var skipNext = false
        for argument in arguments {
            if skipNext {
                skipNext = false
            } else if argument == "--root" {
                skipNext = true
            } else if !argument.hasPrefix("--root=") {
                result.append(argument)
            }
        }
        return result
    }

    /// Runs `body`, reporting a thrown error on stderr (with a usage hint
    /// for usage errors); returns the exit code. For executables that do not
    /// open a device (`oal-device init`) as well as for `run`.
    public static func guarded(
        tool: String, usage: String? = nil, _ body: () throws -> ExitCode,
        onFailure: (ExitCode, String) -> Void = { _, _ in }
    ) -> ExitCode {
        // Whatever the caller's umask, nothing this process (or a child it
        // starts) creates is readable by others (docs/CONTRACT.md).
        FileSystem.restrictPermissionMask()
        do {
            return try body()
        } catch {
            let (code, message) = ErrorReport.classify(error)
            ErrorReport.printError(tool: tool, message)
            if code == .usage, usage != nil {
                ErrorReport.printError(tool: tool, "run `\(tool) --help` for usage")
            }
            onFailure(code, message)
            return code
        }
    }
}
