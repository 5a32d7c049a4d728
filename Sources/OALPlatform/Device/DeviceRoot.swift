import Foundation
import OALSystem

/// The directory that is one emulated device, and where each party's files
/// live inside it. Every process gets the root with `--root`; nothing else
/// about the layout is passed around.
public struct DeviceRoot: Hashable, Sendable {
    public let url: URL
    /// The App Group container, the only place app and extensions share.
    public let appGroup: URL
    /// The app's private container (its rules and app lists).
    public let appContainer: URL
    /// State owned by the emulated iOS: clock, registrations, named stores.
    public let system: URL
    /// Per-process logs and the trace.
    public let logs: URL
    public let trace: URL
    public let managedSettings: URL

    // The directories are made once: a `URL` appended to costs a parse,
    // and the oracle asked for them several times at every observation.
    public init(_ url: URL) {
        self.url = url.standardizedFileURL
        appGroup = self.url.appendingPathComponent("appgroup", isDirectory: true)
        appContainer = self.url.appendingPathComponent("app", isDirectory: true)
        system = self.url.appendingPathComponent("system", isDirectory: true)
        logs = self.url.appendingPathComponent("logs", isDirectory: true)
        trace = logs.appendingPathComponent("trace.jsonl")
        managedSettings = system.appendingPathComponent("managedsettings", isDirectory: true)
    }

    public init(path: String) {
        self.init(URL(fileURLWithPath: path, isDirectory: true))
    }

    /// A root is its directory: the others follow from it.
    public static func == (lhs: DeviceRoot, rhs: DeviceRoot) -> Bool { lhs.url == rhs.url }
    public func hash(into hasher: inout Hasher) { hasher.combine(url) }

    /// Creates the root (when missing, 0700) and its four directories, 0700
    /// exactly whatever the umask; a symbolic link in place of one of the
    /// four is replaced by a real directory, so nothing is created out of
    /// the root. The root itself may be a link the user made to it.
    public func create() throws {
        try FileSystem.createDirectory(url.path)
        for directory in [appGroup, appContainer, system, logs, managedSettings] {
            try FileSystem.ensurePrivateDirectory(directory.path)
        }
    }

    /// Whether a device lives here, told apart from a root that cannot be
    /// read (a permission, a link loop): that is the system's error, not
    /// "no device".
    public enum Availability: Sendable, Equatable {
        case ready
        case missing
        case unreadable(Errno)
    }

    public var availability: Availability {
        do {
            guard let status = try FileSystem.status(system.path) else { return .missing }
            return status.isDirectory ? .ready : .missing
        } catch {
            return .unreadable(error)
        }
    }

    public var exists: Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: system.path, isDirectory: &isDirectory)
            && isDirectory.boolValue
    }
}
