import Foundation
import OALStore

/// The clock every process of one device shares, kept in
/// `<root>/system/clock.json`.
///
/// In lockstep runs the emulated OS is its only writer: it sets the time
/// before it launches a process and does not move it while the process
/// runs, so every read within one launch agrees. A free-running device
/// writes a running clock instead (`ClockState.speed`), read as the time
/// it says now.
public struct EmulatedClock: Sendable {
    private let file: DocumentFile<ClockState>

    public static let storeName = "clock"
    public static let format = "oal.clock"
    public static let version = 1

    public init(system: AppGroupContainer, observer: StoreAccessObserver? = nil) throws {
        file = try DocumentFile(
            container: system, name: Self.storeName, format: Self.format, version: Self.version, observer: observer)
    }

    /// The current emulated time and zone; fails when the device has never
    /// set its clock.
    public func state() throws -> ClockState {
        guard let state = try file.read() else { throw ClockError.notSet(path: file.path) }
        // The one place the wall clock enters: a running clock's anchor.
        return state.speed == nil ? state : state.reading(at: Date())
    }

    public func now() throws -> Date { try state().now }

    public func calendar() throws -> Calendar { try state().calendar() }

    /// The one writer's hold on the file (the emulated OS's, for a run).
    public func owned() -> ClockOwner { ClockOwner(file: file) }

    /// Sets the clock (the emulated OS only).
    public func set(_ state: ClockState) throws {
        _ = try state.calendar()
        try file.update { $0 = state }
    }
}
