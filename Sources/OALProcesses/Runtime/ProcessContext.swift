import Foundation
import OALPlatform
import OALStore
import OALSystem

/// One process's view of the emulated device: the platform frameworks, the
/// App Group, the trace, and the emulated time its trace lines carry.
///
/// Every file the process reads or writes through the stores and the
/// platform is reported to the trace as `store.read` / `store.write` with
/// the store's name and its path relative to the root, which is how the
/// emulator proves who touched what. Reads of the clock itself are not
/// traced: the foreground loop polls it every few milliseconds and would
/// drown the trace.
public final class ProcessContext: @unchecked Sendable {
    public let tool: String
    public let kind: ProcessKind
    public let root: DeviceRoot
    public let trace: TraceLog
    public let observer: StoreAccessObserver
    public let platform: EmulatedPlatform
    public let appGroup: AppGroupContainer
    /// New ids: replayable under the emulated OS (see `IdentifierSource`).
    public let identifiers = IdentifierSource()
    /// The App Group's press lock, held once per process (`PressLock`).
    public let pressLock: PressLock

    private let traceTime: TraceTime
    /// Read without the observer, so stamping a trace line never traces.
    private let quietClock: EmulatedClock

    /// Opens the device at `rootPath`: fails with `unavailable` when there
    /// is no device there or its clock was never set. An untraced process
    /// (`traced: false`) writes no trace line at all.
    public init(tool: String, kind: ProcessKind, rootPath: String, traced: Bool = true) throws {
        let root = DeviceRoot(path: rootPath)
        switch root.availability {
        case .ready: break
        case .missing:
            throw ProcessFailure.unavailable(
                "\(root.url.path): not an emulated device root (create it with `oal-device init --root DIR`)")
        case .unreadable(let errno):
            throw ProcessFailure(.ioError, "\(root.url.path): cannot read the device root: \(errno)")
        }
        self.tool = tool
        self.kind = kind
        self.root = root
        let quietClock = try EmulatedClock(system: AppGroupContainer(url: root.system))
        let start = try quietClock.now()
        self.quietClock = quietClock
        let traceTime = TraceTime(start)
        self.traceTime = traceTime
        let trace = TraceLog(root: root, process: kind, enabled: traced)
        self.trace = trace
        let rootPrefix = root.url.path.hasSuffix("/") ? root.url.path : root.url.path + "/"
        observer = StoreAccessObserver { access in
            guard access.storeName != "clock" else { return }
            let relative =
                access.path.hasPrefix(rootPrefix) ? String(access.path.dropFirst(rootPrefix.count)) : access.path
            trace.record(
                access.kind == .read ? "store.read" : "store.write", at: traceTime.value,
                ["store": access.storeName, "path": relative])
        }
        platform = try EmulatedPlatform(root: root, observer: observer)
        appGroup = try AppGroupContainer(url: root.appGroup)
        SyncRecorder.adopt(imageAt: root.system.appendingPathComponent("durable-image").path)
        pressLock = PressLock(path: root.appGroup.appendingPathComponent(PendingGrantStore.pressLockName).path)
    }

    /// The emulated time now. Also becomes the time of later trace lines.
    public func now() throws -> Date {
        let now = try quietClock.now()
        traceTime.value = now
        return now
    }

    /// The emulated clock's instant and zone, read once.
    public func clock() throws -> ClockState {
        let state = try quietClock.state()
        traceTime.value = state.now
        return state
    }

    /// The time the last clock read returned (the launch time at first).
    public var lastKnownTime: Date { traceTime.value }

    /// Records `event` at the last known emulated time.
    public func record(_ event: String, _ fields: [String: String] = [:]) {
        trace.record(event, at: traceTime.value, fields)
    }

    /// Whether the process's stores sync what they write: whenever the
    /// device can lose power (`SyncRecorder`, asked at every write), the
    /// app's design keeps every acknowledged change through one
    /// (docs/CONTRACT.md, "What a kill and a power loss keep"); when it
    /// cannot, a sync changes nothing a run can see, and costs the disk a
    /// flush.
    public var durability: StoreDurability { Mutant.on(.storesNotDurable) ? .never : .whenPowerCanBeLost }

    /// The App Group stores, each reporting to this process's trace.
    public func stores() throws -> SharedStores {
        try SharedStores(
            container: appGroup, observer: observer, writesLedger: kind == .monitor || kind == .shieldAction,
            durable: durability)
    }
}

/// The emulated instant trace lines are stamped with, shared with the store
/// observer (which may run on any thread).
final class TraceTime: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Date

    init(_ value: Date) { stored = value }

    var value: Date {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
