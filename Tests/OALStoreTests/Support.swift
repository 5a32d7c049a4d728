import Foundation
import OALDomain
import OALStore
import OALSystem
import OALTestSupport
import Testing

/// A fresh directory under the system temp dir, removed after `body`.
func withTempDirectory<R>(_ body: (URL) throws -> R) throws -> R {
    let url = FileManager.default.temporaryDirectory
        .appendingPathComponent("oal-store-tests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: url) }
    return try body(url)
}

/// A fresh App Group container in a temp directory.
func withContainer<R>(_ body: (AppGroupContainer) throws -> R) throws -> R {
    try withTempDirectory { root in try body(try AppGroupContainer(deviceRoot: root)) }
}

let testDay = DayKey("2026-11-29")!

func bytes(_ path: String) -> [UInt8]? { try? FileSystem.readFile(path) }

func write(_ text: String, to path: String) throws {
    try AtomicFile.replace(path, with: Array(text.utf8), durable: false)
}

func mode(_ path: String) throws -> UInt32 {
    UInt32(try #require(try FileSystem.status(path)).permissions.rawValue)
}

/// The `oal-store-probe` executable next to the test runner.
enum Probe {
    static func path() throws -> String { try BuiltProducts.executable("oal-store-probe").path }

    struct Running {
        let child: ChildProcess
        let outPath: String
        let errPath: String

        func finish() throws -> Finished {
            let termination = try child.wait()
            let out = String(decoding: bytes(outPath) ?? [], as: UTF8.self)
            let err = String(decoding: bytes(errPath) ?? [], as: UTF8.self)
            try? FileSystem.unlink(outPath)
            try? FileSystem.unlink(errPath)
            return Finished(termination: termination, stdout: out, stderr: err)
        }
    }

    struct Finished {
        let termination: ChildProcess.Termination
        let stdout: String
        let stderr: String

        var lines: [Substring] { stdout.split(separator: "\n") }
        /// Number of `ack` lines (acknowledged updates).
        var acks: Int { lines.filter { $0.hasPrefix("ack ") }.count }
        /// The value of the last `ack` line.
        var lastAck: Int? { lines.last { $0.hasPrefix("ack ") }.flatMap { Int($0.dropFirst(4)) } }
        var grants: Int { lines.filter { $0.hasPrefix("granted ") }.count }
    }

    static func spawn(
        _ arguments: [String], environment: [String: String] = [:], scratch: URL
    ) throws -> Running {
        let id = UUID().uuidString
        let out = scratch.appendingPathComponent("probe-\(id).out").path
        let err = scratch.appendingPathComponent("probe-\(id).err").path
        var env = ProcessInfo.processInfo.environment
        env["OAL_CRASH_AT"] = nil
        env["OAL_CRASH_LOG"] = nil
        env.merge(environment) { $1 }
        let child = try ChildProcess.spawn(
            try path(), arguments: arguments, environment: env, standardOutput: out, standardError: err)
        return Running(child: child, outPath: out, errPath: err)
    }

    static func run(_ arguments: [String], environment: [String: String] = [:], scratch: URL) throws -> Finished {
        try spawn(arguments, environment: environment, scratch: scratch).finish()
    }
}
