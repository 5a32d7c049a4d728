/// The App Group's small key-value settings (`group-defaults.json`), the
/// emulated `UserDefaults(suiteName:)`. Written by `oal-app`.
public final class GroupDefaults: SingleDocumentStore, Sendable {
    public static let storeName = "group-defaults"
    public static let format = "oal.group-defaults"
    public static let version = 1

    /// The key of the Settings tab's Uninstall Protection toggle.
    public static let uninstallProtectionEnabledKey = "uninstallProtectionEnabled"

    /// One stored value.
    public enum Value: Codable, Sendable, Hashable {
        case bool(Bool)
        case int(Int)
        case double(Double)
        case string(String)

        public init(from decoder: Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let value = try? container.decode(Bool.self) {
                self = .bool(value)
            } else if let value = try? container.decode(Int.self) {
                self = .int(value)
            } else if let value = try? container.decode(Double.self) {
                self = .double(value)
            } else {
                self = .string(try container.decode(String.self))
            }
        }

        public func encode(to encoder: Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .bool(let value): try container.encode(value)
            case .int(let value): try container.encode(value)
            case .double(let value): try container.encode(value)
            case .string(let value): try container.encode(value)
            }
        }
    }

    /// The on-disk document.
    public struct Document: Codable, Sendable, Hashable {
        public var values: [String: Value]
        public init(values: [String: Value] = [:]) { self.values = values }
    }

    public let file: DocumentFile<Document>

    public init(
        container: AppGroupContainer, durable: StoreDurability = .never, observer: StoreAccessObserver? = nil
    ) throws(StoreError) {
        file = try Self.openFile(in: container, durable: durable, observer: observer)
    }

    public func value(forKey key: String) throws -> Value? { try file.read()?.values[key] }

    /// Sets (nil: removes) `key`.
    public func set(_ value: Value?, forKey key: String) throws {
        try file.update { document in
            var current = document ?? Document()
            current.values[key] = value
            document = current
        }
    }

    /// The Uninstall Protection setting (false when never set).
    public func uninstallProtectionEnabled() throws -> Bool {
        if case .bool(let value) = try value(forKey: Self.uninstallProtectionEnabledKey) { return value }
        return false
    }

    public func setUninstallProtectionEnabled(_ enabled: Bool) throws {
        try set(.bool(enabled), forKey: Self.uninstallProtectionEnabledKey)
    }
}
