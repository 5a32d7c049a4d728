import Foundation
import OALPlatform
import OALStore

/// What the emulated OS remembers between events, persisted in
/// `<root>/system/device-state.json` so `oal-device` can stop and resume
/// from its root without delivering a boundary twice.
public struct DeviceState: Codable, Hashable, Sendable {
    /// The last launch sequence number handed out (`OAL_LAUNCH_ID`).
    public var launchSequence = 0
    /// Interval starts and ends already delivered, keyed by `BoundaryKey`.
    public var delivered: Set<String> = []
    /// `intervalDidEnd`s a time-zone change owes now: the intervals that
    /// were in progress on the old wall clock (docs/DOMAIN.md, "Time-zone
    /// travel"). Optional: a state saved before travel was modelled loads.
    public var endsOwed: [OwedEnd]?

    public struct OwedEnd: Codable, Hashable, Sendable {
        public var activity: String
        public var key: String
    }
    /// Threshold accounting behind DeviceActivity events.
    public var usage = UsageAccounting()
    /// The foreground session counter of the hand-shake.
    public var foregroundSession = 0
    /// Bundle id of the app the user is using (not a shield), if any.
    public var frontmost: String?
    /// Name of the app whose shield the user is looking at, if any.
    public var showingShield: String?
    /// When the current `for DURATION` ends.
    public var leaveAt: Date?
    /// Where a forward clock jump started, until the clock next moves on
    /// its own: the edges it passed are owed at once (docs/FAULTS.md).
    public var jumpedFrom: Date?
    /// The next foreground-loop tick while OpenAppLock is frontmost.
    public var nextTick: Date?
    /// Last traced shield state per app name (true = blocked).
    public var appBlocked: [String: Bool] = [:]
    /// Last traced state per ManagedSettings store name (true = shielding).
    public var storeShielding: [String: Bool] = [:]
    /// Outcome of the last Open press.
    public var lastPressGranted: Bool?
    /// Which scenario this root is playing and how many steps are done.
    public var scenario: String?
    public var stepsDone = 0
    /// The scenario's expectations met and failed so far, so a device
    /// resumed on its root reports the whole run's, not only those after the
    /// restart. Optional: a state saved before they were kept still loads.
    public var expectationsMet: Int?
    public var expectationFailures: [String]?
    /// The user step being performed and the last launch number before it:
    /// a device killed before the step started any process replays it on
    /// resume (nothing of it happened); once a process of it started, it
    /// is not replayed (that process may have committed the tap).
    public var stepInFlight: StepInFlight?

    public struct StepInFlight: Codable, Hashable, Sendable {
        public var index: Int
        public var launchSequence: Int
    }
    /// The callbacks being delivered (an interval edge, or the thresholds
    /// one stretch of use crossed) and the last launch number before them:
    /// on restart each whose process never started is delivered then (the
    /// device died before delivering it at all); one that started is not
    /// delivered again (iOS never redelivers).
    public var inFlight: InFlight?
    /// The instant the saved usage is counted up to.
    public var usageCountedUntil: Date?

    public struct InFlight: Codable, Hashable, Sendable {
        public var launchSequence: Int
        public var callbacks: [Callback]

        public struct Callback: Codable, Hashable, Sendable {
            public var kind: String
            public var activity: String
            public var event: String?
            /// A held callback being released: on a restart it is delivered
            /// past the faults that held it, as its release was.
            public var released: Bool? = nil

            /// The monitor's arguments for it, as its `launch` line's `argv`.
            var argv: String { ([kind, activity] + (event.map { [$0] } ?? [])).joined(separator: " ") }
        }
    }

    public init() {}
}

/// `device-state.json`, owned by the emulated OS alone. A save of the
/// state the file already holds (as this process last loaded or wrote it)
/// is skipped: the file only changes when the state does.
final class DeviceStateFile {
    private let file: DocumentFile<DeviceState>
    private let writer: OwnedDocumentWriter<DeviceState>
    private var onDisk: DeviceState?

    init(root: DeviceRoot) throws {
        file = try DocumentFile(
            container: try AppGroupContainer(url: root.system), name: "device-state", format: "oal.device-state",
            version: 1)
        writer = OwnedDocumentWriter(file: file)
    }

    func load() throws -> DeviceState {
        let state = try file.read()
        onDisk = state
        return state ?? DeviceState()
    }

    func save(_ state: DeviceState) throws {
        if state == onDisk { return }
        try writer.write(state)
        onDisk = state
    }
}
