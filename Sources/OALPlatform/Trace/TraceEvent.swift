import Foundation

/// One line of the trace: what a process did, at what emulated time.
///
/// Fields are flat strings so every line is greppable and the trace has one
/// schema for all processes. Only what the machine decides differs between
/// two runs of the same scenario and seed: `pid` and the `machineFields`
/// (the memory a launch was seen to use, how long it took in wall-clock
/// time, a pid a fault names); replay
/// comparison blanks them (`reproducible`).
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

    /// `launch.end`'s and a jetsam kill's peak resident memory, in KiB.
    public static let peakMemoryField = "peakKiB"
    /// Their largest private (anonymous) resident memory, in KiB.
    public static let privateMemoryField = "privateKiB"
    /// `launch.end`'s wall-clock duration of the launch, in µs, as the
    /// device measured it (spawn or hand-over to its end): the one real
    /// time in a trace whose clock is emulated.
    public static let wallMicrosField = "wallMicros"

    /// The fields whose values the machine decides, not the scenario and
    /// seed: blanked, with `pid`, wherever two traces are compared.
    public static let machineFields: Set<String> = [peakMemoryField, privateMemoryField, wallMicrosField, "pid"]

    /// This line with `pid` 0, a machine-chosen pid field set to `-` and
    /// the memory figures and wall-clock duration removed: what two replays
    /// of one scenario and seed agree on byte for byte. A memory figure is
    /// there only when the launch outlived the device's first sample of it,
    /// which is the machine's doing too, so it is removed rather than
    /// blanked (and the duration with it, one rule for the three).
    public var reproducible: TraceEvent {
        var line = self
        line.pid = 0
        for key in Self.machineFields where line.fields[key] != nil { line.fields[key] = "-" }
        for key in [Self.peakMemoryField, Self.privateMemoryField, Self.wallMicrosField] { line.fields[key] = nil }
        return line
    }

    /// `date` as ISO 8601 in UTC with milliseconds (`TraceTimestamp`).
    public static func timestamp(_ date: Date) -> String { TraceTimestamp.format(date) }

    /// The instant a `timestamp` names; nil for text that is not ISO 8601.
    public static func date(fromTimestamp text: String) -> Date? { TraceTimestamp.parse(text) }
}
