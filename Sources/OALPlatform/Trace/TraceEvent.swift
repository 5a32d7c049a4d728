import Foundation

/// One line of the trace: what a process did, at what emulated time.
///
/// Fields are flat strings so every line is greppable and the trace has one
/// schema for all processes. `pid` is the only field that differs between
/// two runs of the same scenario and seed; replay comparison ignores it.
public struct TraceEvent: Codable, Hashable, Sendable {
    /// Emulated time, ISO 8601 in UTC with milliseconds.
    public var time: String
    public var process: ProcessKind
    public var pid: Int32
    /// The emulated OS's sequence number for the launch that wrote this line
    /// (from `OAL_LAUNCH_ID`); nil for processes it did not launch.
    public var launch: Int?
    /// What happened: `launch`, `exit`, `store.read`, `store.write`,
    /// `callback`, `shield.set`, `refresh`, `expect`, ...
    public var event: String
    public var fields: [String: String]

    public init(
        time: String, process: ProcessKind, pid: Int32, launch: Int?, event: String, fields: [String: String]
    ) {
        self.time = time
        self.process = process
        self.pid = pid
        self.launch = launch
        self.event = event
        self.fields = fields
    }

    enum CodingKeys: String, CodingKey {
        case time = "t"
        case process = "proc"
        case pid, launch, event, fields
    }

    public static func timestamp(_ date: Date) -> String {
        date.formatted(
            Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: TimeZone(identifier: "UTC")!))
    }

    public static func date(fromTimestamp text: String) -> Date? {
        try? Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: TimeZone(identifier: "UTC")!)
            .parse(text)
    }
}
