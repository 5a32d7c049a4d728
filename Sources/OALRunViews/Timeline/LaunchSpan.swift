import OALPlatform

/// One process of a run, from its `launch` line to its end, as the trace
/// shows it (docs/REPORT.md, "The launches").
package struct LaunchSpan: Hashable, Sendable {
    var kind: ProcessKind
    var pid: Int32
    /// The device's launch number; nil for a process it did not start
    /// (the supervisor's foreground loop).
    var launch: Int?
    /// The arguments as traced (without `--root`).
    var argv: String
    /// Indices into `RunRecord.lines`: the first and the last line of the
    /// launch (equal for a launch that wrote nothing).
    var first: Int
    var last: Int
    /// `0`, `2`, `signal 9`, ...; nil while it was still running when the
    /// trace ended.
    package var status: String?
    /// Where a `kill … at POINT` fault ended it, or a `preempt` stopped it.
    var crashPoint: String?
    var pausePoint: String?
    /// The fault that killed it (`kill app-loop`, `kill monitor at …`),
    /// from the device's `fault killed` line.
    var killedBy: String?
    /// The peak resident memory the device sampled (its `launch.end`).
    package var peakKiB: Int?
    /// How long it took in wall-clock time, µs, as the device measured it
    /// (its `launch.end`); nil for a launch the device did not start.
    var wallMicros: Int64?

    /// What to call the slice: the arguments, or the kind when there are none.
    var title: String { argv.isEmpty ? kind.rawValue : argv }

    /// `status` is a clean exit (0, or 2: a refusal the caller must know).
    var endedNormally: Bool { status == "0" || status == "2" }

    init(
        kind: ProcessKind, pid: Int32, launch: Int? = nil, argv: String, first: Int, last: Int, status: String? = nil,
        crashPoint: String? = nil, pausePoint: String? = nil, killedBy: String? = nil, peakKiB: Int? = nil,
        wallMicros: Int64? = nil
    ) {
        self.kind = kind
        self.pid = pid
        self.launch = launch
        self.argv = argv
        self.first = first
        self.last = last
        self.status = status
        self.crashPoint = crashPoint
        self.pausePoint = pausePoint
        self.killedBy = killedBy
        self.peakKiB = peakKiB
        self.wallMicros = wallMicros
    }
}
