import Foundation
import OALProcesses
import OALSystem

/// A read-only question the oracle's side of the device asks the app
/// (`oal-app --untraced ARGS`): not a launch of the emulated OS, so it
/// takes no launch number, no fault plan and writes no trace line, and a
/// run's trace and its faults are the same with and without the oracle.
/// Its output goes to `<root>/logs/capture/query.out|err`, overwritten.
struct UntracedAppQuery {
    let launcher: ProcessLauncher

    func run(_ arguments: [String]) -> Result<Data, AppQueryFailure> {
        let command = arguments.joined(separator: " ")
        let captures = launcher.root.logs.appendingPathComponent("capture", isDirectory: true)
        try? FileSystem.ensurePrivateDirectory(captures.path)
        let out = captures.appendingPathComponent("query.out").path
        let err = captures.appendingPathComponent("query.err").path
        do {
            let path = try launcher.executable("oal-app")
            let environment = ProcessInfo.processInfo.environment.merging(
                [ProcessLauncher.seedVariable: String(launcher.seed)]
            ) { _, own in own }
            let child = try ChildProcess.spawn(
                path, arguments: ["--root", launcher.root.url.path, "--untraced"] + arguments,
                environment: environment, standardOutput: out, standardError: err)
            let termination = try child.wait()
            guard termination == .exited(0) else {
                let stderr = String(decoding: FileManager.default.contents(atPath: err) ?? Data(), as: UTF8.self)
                let last = stderr.split(separator: "\n").last.map(String.init) ?? "no output"
                return .failure(AppQueryFailure(command: command, status: "\(termination)", detail: last))
            }
            return .success(FileManager.default.contents(atPath: out) ?? Data())
        } catch {
            return .failure(AppQueryFailure(command: command, status: "failed", detail: "\(error)"))
        }
    }
}

/// The guest app's answer to the oracle's probe (`GuestProbe`).
struct GuestAppProbe {
    let query: UntracedAppQuery

    func read() -> Result<GuestProbe, AppQueryFailure> {
        query.run(GuestProbe.arguments).flatMap { data in
            do {
                return .success(try GuestProbe.decode(data))
            } catch {
                return .failure(.init(command: "probe", status: "answered", detail: "not a probe's JSON: \(error)"))
            }
        }
    }
}
