import Foundation
import OALShared
import OALSystem

/// The oracle's look into a guest app after each step (`oal-app --untraced
/// probe --json`, docs/ORACLE.md, "A guest"): the app's own usage,
/// sessions, foreground decision and published snapshots, each through its
/// own code. Not a launch of the emulated OS: it takes no launch number,
/// no fault plan and writes no trace line, so a run's trace and its faults
/// are the same with and without it.
struct GuestAppProbe {
    let launcher: ProcessLauncher

    /// Why a probe gave no answer; the oracle judges that instant without it.
    struct Failure: Error, CustomStringConvertible {
        var status: String
        var detail: String
        var description: String { "oal-app probe \(status): \(detail)" }
    }

    func read() -> Result<GuestProbe, Failure> {
        let captures = launcher.root.logs.appendingPathComponent("capture", isDirectory: true)
        try? FileSystem.ensurePrivateDirectory(captures.path)
        let out = captures.appendingPathComponent("probe.out").path
        let err = captures.appendingPathComponent("probe.err").path
        do {
            let path = try launcher.executable("oal-app")
            let environment = ProcessInfo.processInfo.environment.merging(
                [ProcessLauncher.seedVariable: String(launcher.seed)]
            ) { _, own in own }
            let child = try ChildProcess.spawn(
                path, arguments: ["--root", launcher.root.url.path] + GuestProbe.arguments,
                environment: environment, standardOutput: out, standardError: err)
            let termination = try child.wait()
            let stdout = FileManager.default.contents(atPath: out) ?? Data()
            guard termination == .exited(0) else {
                let stderr = String(decoding: FileManager.default.contents(atPath: err) ?? Data(), as: UTF8.self)
                let last = stderr.split(separator: "\n").last.map(String.init) ?? "no output"
                return .failure(Failure(status: "\(termination)", detail: last))
            }
            return .success(try JSONDecoder().decode(GuestProbe.self, from: stdout))
        } catch {
            return .failure(Failure(status: "failed", detail: "\(error)"))
        }
    }
}
