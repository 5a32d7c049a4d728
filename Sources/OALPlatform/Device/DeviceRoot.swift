import Foundation

/// The directory that is one emulated device, and where each party's files
/// live inside it. Every process gets the root with `--root`; nothing else
/// about the layout is passed around.
public struct DeviceRoot: Hashable, Sendable {
    public let url: URL

    public init(_ url: URL) {
        self.url = url.standardizedFileURL
    }

    public init(path: String) {
        self.init(URL(fileURLWithPath: path, isDirectory: true))
    }

    /// The App Group container, the only place app and extensions share.
    public var appGroup: URL { url.appendingPathComponent("appgroup", isDirectory: true) }
    /// The app's private container (its rules and app lists).
    public var appContainer: URL { url.appendingPathComponent("app", isDirectory: true) }
    /// State owned by the emulated iOS: clock, registrations, named stores.
    public var system: URL { url.appendingPathComponent("system", isDirectory: true) }
    /// Per-process logs and the trace.
    public var logs: URL { url.appendingPathComponent("logs", isDirectory: true) }
    public var trace: URL { logs.appendingPathComponent("trace.jsonl") }
    public var managedSettings: URL { system.appendingPathComponent("managedsettings", isDirectory: true) }

    /// Creates the four directories (0700) when missing.
    public func create() throws {
        for directory in [appGroup, appContainer, system, logs, managedSettings] {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        }
    }

    public var exists: Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: system.path, isDirectory: &isDirectory)
            && isDirectory.boolValue
    }
}
