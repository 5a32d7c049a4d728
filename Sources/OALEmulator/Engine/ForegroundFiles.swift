import Foundation
import OALPlatform
import OALSystem

/// `<root>/system/foreground.json`: what the emulated OS says is frontmost,
/// written by the device only (docs/PROCESSES.md, the hand-shake).
struct ForegroundRecord: Codable, Hashable {
    var formatVersion = 1
    /// Bundle id of the frontmost app, nil on the home screen or a shield.
    var frontmost: String?
    var session: Int
    /// The instant the loop must next refresh at (ISO 8601, UTC, ms).
    var tick: String?
    /// Free-running only: the loop refreshes on its own every this many
    /// emulated seconds, with no tick to wait for (docs/PROCESSES.md).
    var tickEvery: Double?
}

/// `<root>/system/app-loop.json`: the loop's acknowledgement. Read
/// leniently (a flat object or a store envelope, dates as ISO text or
/// seconds), since the app side writes it and only these fields matter.
struct LoopAcknowledgement: Hashable {
    var pid: Int32?
    var session: Int?
    var refreshedAt: Date?
}

enum ForegroundFiles {
    static func foregroundPath(_ root: DeviceRoot) -> String {
        root.system.appendingPathComponent("foreground.json").path
    }
    static func ackPath(_ root: DeviceRoot) -> String { root.system.appendingPathComponent("app-loop.json").path }

    static func write(_ record: ForegroundRecord, root: DeviceRoot) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let bytes = Array(try encoder.encode(record)) + [0x0A]
        try AtomicFile.replace(foregroundPath(root), with: bytes, durable: false)
    }

    static func readAck(root: DeviceRoot) -> LoopAcknowledgement? {
        guard let data = FileManager.default.contents(atPath: ackPath(root)),
            var object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
        else { return nil }
        if let inner = object["document"] as? [String: Any] { object = inner }
        return LoopAcknowledgement(
            pid: (object["pid"] as? NSNumber).map { $0.int32Value },
            session: (object["session"] as? NSNumber).map { $0.intValue },
            refreshedAt: date(object["refreshedAt"]))
    }

    private static func date(_ value: Any?) -> Date? {
        if let text = value as? String {
            return TraceEvent.date(fromTimestamp: text) ?? ISO8601DateFormatter().date(from: text)
        }
        if let number = value as? NSNumber { return Date(timeIntervalSince1970: number.doubleValue) }
        return nil
    }
}
