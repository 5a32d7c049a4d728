import Foundation
import OALSystem

/// Runs `swiftc` once: one module from a list of files into an executable
/// (or a library's objects), its output kept in a log, its errors parsed.
public struct SwiftCompiler: Sendable {
    public var swiftc: String
    /// The environment handed to the compiler (its PATH finds clang and the linker).
    public var environment: [String: String]

    public init(swiftc: String, environment: [String: String]) {
        self.swiftc = swiftc
        self.environment = environment
    }

    /// One diagnostic line: `FILE:LINE:COLUMN: error: MESSAGE`.
    public struct Diagnostic: Hashable, Sendable {
        public var file: String
        public var line: Int
        public var message: String

        public var description: String { "\(file):\(line): \(message)" }
    }

    public struct Outcome: Sendable {
        public var succeeded: Bool
        public var errors: [Diagnostic]
        /// Error lines that name no file (a link error, a driver error).
        public var otherErrors: [String]
        public var seconds: Double
    }

    /// `swiftc ARGUMENTS`, output to `log`. The compiler's `TMPDIR` is a
    /// directory of its own, removed when it ends: the driver leaves a
    /// `TemporaryDirectory.*` behind on every call (issue 34).
    public func run(_ arguments: [String], log: URL) throws(GuestBuildError) -> Outcome {
        let started = MonotonicClock.nanoseconds()
        let scratch = FileManager.default.temporaryDirectory
            .appendingPathComponent("oal-swiftc-\(getpid())-\(UUID().uuidString.prefix(8))", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        var environment = self.environment
        if (try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)) != nil {
            environment["TMPDIR"] = scratch.path
        }
        let child: ChildProcess
        do {
            child = try ChildProcess.spawn(
                swiftc, arguments: arguments, environment: environment, standardOutput: log.path,
                standardError: log.path)
        } catch {
            throw .tool("could not start \(swiftc): \(error)")
        }
        let termination: ChildProcess.Termination
        do { termination = try child.wait() } catch { throw .tool("waiting for \(swiftc): \(error)") }
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        let (errors, others) = Self.errors(in: text)
        return Outcome(
            succeeded: termination == .exited(0), errors: errors, otherErrors: others,
            seconds: Double(MonotonicClock.nanoseconds() - started) / 1e9)
    }

    /// The error diagnostics of a compiler log (notes and warnings left out).
    static func errors(in log: String) -> ([Diagnostic], [String]) {
        var diagnostics: [Diagnostic] = []
        var others: [String] = []
        for line in log.split(separator: "\n") {
            guard let range = line.range(of: ": error: ") else { continue }
            let location = line[..<range.lowerBound].split(separator: ":")
            let message = String(line[range.upperBound...])
            if location.count >= 3, let number = Int(location[location.count - 2]) {
                let file = location.dropLast(2).joined(separator: ":")
                let diagnostic = Diagnostic(file: file, line: number, message: message)
                if !diagnostics.contains(diagnostic) { diagnostics.append(diagnostic) }
            } else if !others.contains(String(line)) {
                others.append(String(line))
            }
        }
        return (diagnostics, others)
    }

    /// `swiftc --version`'s first line, part of every build key.
    public func version() throws(GuestBuildError) -> String {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("oal-swiftc-version-\(getpid())")
        defer { try? FileManager.default.removeItem(at: log) }
        _ = try run(["--version"], log: log)
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        guard let first = text.split(separator: "\n").first(where: { $0.contains("Swift version") }) else {
            throw .tool("\(swiftc) --version printed no Swift version: \(text.prefix(200))")
        }
        return String(first)
    }
}
