/// What the emulated OS says is frontmost, `<root>/system/foreground.json`
/// (docs/PROCESSES.md, "The foreground loop hand-shake"): written by the
/// device only, read by the app's foreground loop.
public struct ForegroundState: Codable, Hashable, Sendable {
    public var formatVersion: Int
    /// Bundle id of the frontmost app; nil on the home screen or a shield.
    public var frontmost: String?
    /// Counts the times the app came to the front: a new one is a launch.
    public var session: Int?
    /// The instant the loop must next refresh at, in the trace's format
    /// (ISO 8601, UTC, ms).
    public var tick: String?
    /// The loop is asked to stop.
    public var shutdown: Bool?
    /// Free-running only: the loop refreshes on its own every this many
    /// emulated seconds, with no tick published or waited for.
    public var tickEvery: Double?

    public init(
        frontmost: String?, session: Int?, tick: String? = nil, shutdown: Bool? = nil, tickEvery: Double? = nil
    ) {
        formatVersion = 1
        self.frontmost = frontmost
        self.session = session
        self.tick = tick
        self.shutdown = shutdown
        self.tickEvery = tickEvery
    }
}
