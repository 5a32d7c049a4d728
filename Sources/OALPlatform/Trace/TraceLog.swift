import Foundation
import Glibc
import OALSystem

/// Appends trace lines to `<root>/logs/trace.jsonl`, shared by every
/// process of one device.
///
/// Each line goes out in one `write(2)` on an `O_APPEND` descriptor while
/// holding an exclusive `flock` on the trace file, so lines from concurrent
/// processes never interleave. Tracing never fails the caller: a process
/// must behave the same whether or not its trace could be written, so write
/// errors are counted, not thrown.
public final class TraceLog: @unchecked Sendable {
    public let process: ProcessKind
    public let pid: Int32
    public let launch: Int?
    private let descriptor: FileDescriptor?
    private let lock = NSLock()
    public private(set) var failedWrites = 0
    public let enabled: Bool

    /// The environment variable through which the emulated OS tells a
    /// process which launch it is.
    public static let launchVariable = "OAL_LAUNCH_ID"

    /// A disabled log (`enabled: false`) opens nothing and drops every line.
    public init(root: DeviceRoot, process: ProcessKind, enabled: Bool = true) {
        self.process = process
        self.pid = getpid()
        self.launch = ProcessEnvironment.value(Self.launchVariable).flatMap { Int($0) }
        self.enabled = enabled
        guard enabled else {
            descriptor = nil
            return
        }
        try? FileSystem.ensurePrivateDirectory(root.logs.path)
        // A link planted at logs/trace.jsonl is replaced, never appended through.
        self.descriptor = try? FileDescriptor.openOwned(root.trace.path, .append)
    }

    deinit { try? descriptor?.close() }

    /// Records `event` at emulated time `time`.
    public func record(_ event: String, at time: Date, _ fields: [String: String] = [:]) {
        guard enabled else { return }
        let line = TraceEvent(
            time: TraceEvent.timestamp(time), process: process, pid: pid, launch: launch, event: event,
            fields: fields)
        var bytes = TraceLineWriter.encode(line)
        bytes.append(UInt8(ascii: "\n"))
        lock.lock()
        defer { lock.unlock() }
        guard let descriptor else {
            failedWrites += 1
            return
        }
        do {
            try descriptor.lock(.exclusive)
            defer { try? descriptor.unlock() }
            try descriptor.writeAll(bytes)
        } catch {
            failedWrites += 1
        }
    }

    /// Reads a whole trace file; lines that do not parse are returned as
    /// errors with their line number rather than dropped.
    public static func read(_ url: URL) throws -> [Result<TraceEvent, TraceLineError>] {
        let text = try String(contentsOf: url, encoding: .utf8)
        let decoder = JSONDecoder()
        // Split on the newline byte: splitting the `String` compared every
        // Character, most of the cost of reading a month's trace for its
        // views.
        let lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).enumerated()
        return lines.filter { !$0.element.isEmpty }.map { index, line in
            do {
                return .success(try TraceLineParser.decode(line, decoder: decoder))
            } catch {
                return .failure(TraceLineError(path: url.path, line: index + 1, reason: "\(error)"))
            }
        }
    }
}

public struct TraceLineError: Error, Hashable, Sendable, CustomStringConvertible {
    public let path: String
    public let line: Int
    public let reason: String
    public var description: String { "\(path):\(line): trace line does not parse: \(reason)" }
}
