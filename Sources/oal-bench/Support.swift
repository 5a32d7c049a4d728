import Foundation
import Glibc
import OALSystem

/// Exit codes of `oal-bench` (sysexits.h where one fits).
enum BenchExit: Int32 {
    case ok = 0
    /// A final count was not exactly what the workers did.
    case wrongCount = 1
    /// EX_USAGE: bad command line.
    case usage = 64
    /// EX_UNAVAILABLE: a contender cannot run here (no python3 sqlite3, no libsqlite3).
    case unavailable = 69
    /// EX_SOFTWARE: a worker or a setup step failed.
    case failure = 70
}

struct BenchUsageError: Error, CustomStringConvertible {
    let description: String
}

struct BenchUnavailable: Error, CustomStringConvertible {
    let description: String
}

struct BenchFailure: Error, CustomStringConvertible {
    let description: String
}

func writeOut(_ text: String) {
    try? FileDescriptor.standardOutput.writeAll(Array(text.utf8))
}

func writeErr(_ text: String) {
    try? FileDescriptor.standardError.writeAll(Array(text.utf8))
}

/// `CLOCK_MONOTONIC` in nanoseconds: one clock for every process on the
/// machine (Python's `time.monotonic_ns()` reads the same one).
func monotonicNanoseconds() -> UInt64 { MonotonicClock.nanoseconds() }

/// `--key value` / `--flag` parsing shared by the subcommands.
struct ParsedOptions {
    var values: [String: String] = [:]
    var flags: Set<String> = []

    init(_ arguments: [String], valued: Set<String>, flags allowedFlags: Set<String>) throws {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            guard argument.hasPrefix("--") else {
                throw BenchUsageError(description: "unexpected argument '\(argument)'")
            }
            var key = String(argument.dropFirst(2))
            var inlineValue: String?
            if let equals = key.firstIndex(of: "=") {
                inlineValue = String(key[key.index(after: equals)...])
                key = String(key[..<equals])
            }
            if allowedFlags.contains(key), inlineValue == nil {
                flags.insert(key)
            } else if valued.contains(key) {
                if let inlineValue {
                    values[key] = inlineValue
                } else {
                    guard index + 1 < arguments.count else {
                        throw BenchUsageError(description: "--\(key) needs a value")
                    }
                    index += 1
                    values[key] = arguments[index]
                }
            } else {
                throw BenchUsageError(description: "unknown option '\(argument)'")
            }
            index += 1
        }
    }

    func string(_ key: String) throws -> String {
        guard let value = values[key] else { throw BenchUsageError(description: "missing --\(key)") }
        return value
    }

    func int(_ key: String) throws -> Int? {
        guard let text = values[key] else { return nil }
        guard let value = Int(text), value >= 0 else {
            throw BenchUsageError(description: "--\(key) must be a non-negative integer, got '\(text)'")
        }
        return value
    }
}

/// The running executable's own path, for re-executing itself as a worker.
func currentExecutablePath() -> String {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    if count > 0 {
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    return CommandLine.arguments[0]
}

/// `name` looked up on `PATH`, or nil.
func findOnPath(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    for directory in path.split(separator: ":") where !directory.isEmpty {
        let candidate = "\(directory)/\(name)"
        if access(candidate, X_OK) == 0 { return candidate }
    }
    return nil
}

extension Array where Element == Double {
    /// The median (mean of the middle two for an even count); 0 when empty.
    var median: Double {
        guard !isEmpty else { return 0 }
        let sorted = self.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }
}

/// Formats a number of operations per second for a table: 12 345.
func formatRate(_ value: Double) -> String {
    let rounded = Int(value.rounded())
    var digits = String(rounded)
    var groups: [String] = []
    while digits.count > 3 {
        groups.insert(String(digits.suffix(3)), at: 0)
        digits = String(digits.dropLast(3))
    }
    groups.insert(digits, at: 0)
    return groups.joined(separator: " ")
}

func formatRatio(_ value: Double?) -> String {
    guard let value else { return "–" }
    return String(format: value >= 10 ? "%.1f" : "%.2f", value)
}
