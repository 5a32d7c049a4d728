import Foundation
import OALStore

/// The notifications the apps of one device have scheduled,
/// `<root>/system/notifications.json`, and the log of those shown,
/// `<root>/logs/notifications.jsonl`. The apps add and remove requests;
/// the emulated OS delivers them when they come due.
public struct NotificationCenterFile: Sendable {
    private let file: DocumentFile<[PendingNotification]>
    private let deliveredLog: URL

    public static let storeName = "notifications"
    public static let format = "oal.notifications"
    public static let version = 1

    public init(root: DeviceRoot, observer: StoreAccessObserver? = nil) throws {
        file = try DocumentFile(
            container: AppGroupContainer(url: root.system), name: Self.storeName, format: Self.format,
            version: Self.version, observer: observer)
        deliveredLog = root.logs.appendingPathComponent("notifications.jsonl")
    }

    public func pending() throws -> [PendingNotification] { try file.read() ?? [] }

    /// Changes the pending list under the file's lock.
    public func update<Result>(_ body: (inout [PendingNotification]) throws -> Result) throws -> Result {
        try file.update { (list: inout [PendingNotification]?) in
            var current = list ?? []
            let result = try body(&current)
            list = current
            return result
        }
    }

    /// Appends one shown notification to the log, one JSON object a line.
    public func logDelivered(_ fields: [String: String]) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var line = try encoder.encode(fields)
        line.append(UInt8(ascii: "\n"))
        let path = deliveredLog.path
        if !FileManager.default.fileExists(atPath: path) {
            _ = FileManager.default.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])
        }
        guard let handle = FileHandle(forWritingAtPath: path) else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
        }
        defer { try? handle.close() }
        _ = try handle.seekToEnd()
        try handle.write(contentsOf: line)
    }
}
