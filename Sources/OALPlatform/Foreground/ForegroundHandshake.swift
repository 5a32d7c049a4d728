import Foundation
import OALSystem

/// The two files of the foreground loop's hand-shake under
/// `<root>/system/` (docs/PROCESSES.md): the device publishes what is
/// frontmost, the app's loop acknowledges. Both sides go through this one
/// type, so the paths and encodings cannot drift apart. Each file is
/// replaced atomically and not durably: it describes a running device and
/// means nothing after a power cut.
public struct ForegroundHandshake: Sendable {
    /// `<root>/system/foreground.json`.
    public let statePath: String
    /// `<root>/system/app-loop.json`.
    public let acknowledgementPath: String

    public init(root: DeviceRoot) {
        statePath = root.system.appendingPathComponent("foreground.json").path
        acknowledgementPath = root.system.appendingPathComponent("app-loop.json").path
    }

    /// The device's side: publishes `state`.
    public func publish(_ state: ForegroundState) throws {
        try Self.replace(statePath, with: state)
    }

    /// The loop's side: the bytes of the state file as they are now (nil
    /// when absent), for the loop to decode only when they change.
    public func stateBytes() -> Data? { FileManager.default.contents(atPath: statePath) }

    /// The loop's side: writes its acknowledgement.
    public func acknowledge(_ acknowledgement: LoopAcknowledgement) throws {
        try Self.replace(acknowledgementPath, with: acknowledgement)
    }

    /// The device's side: the acknowledgement there now, read leniently
    /// (`LoopAcknowledgement.lenient`); nil when absent or not an object.
    public func acknowledgement() -> LoopAcknowledgement? {
        FileManager.default.contents(atPath: acknowledgementPath).flatMap(LoopAcknowledgement.lenient)
    }

    /// Both files, gone: a device set up again starts with no loop.
    public func remove() {
        for path in [statePath, acknowledgementPath] { try? FileManager.default.removeItem(atPath: path) }
    }

    private static func replace(_ path: String, with value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try AtomicFile.replace(path, with: Array(try encoder.encode(value)) + [0x0A], durable: false)
    }
}
