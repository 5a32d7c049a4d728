import Foundation

/// One finished run of a spawned executable: exit status and captured output.
public struct ProcessRun: Sendable {
    public let status: Int32
    /// True when the process ended by a signal (then `status` is the signal).
    public let signaled: Bool
    public let stdout: String
    public let stderr: String

    /// Runs `executable` with `arguments` to completion and captures its
    /// output. Output goes through temporary files, not pipes, so a chatty
    /// child can never block on a full pipe while we wait for it.
    public static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String]? = nil
    ) throws -> ProcessRun {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if let environment {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("oal-run-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("stdout")
        let errURL = scratch.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        try process.run()
        process.waitUntilExit()
        try out.close()
        try err.close()
        return ProcessRun(
            status: process.terminationStatus,
            signaled: process.terminationReason == .uncaughtSignal,
            stdout: (try? String(contentsOf: outURL, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOf: errURL, encoding: .utf8)) ?? "")
    }
}
