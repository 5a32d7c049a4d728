import Foundation
import GuestFoundation

/// Apple: "A property wrapper type that reflects a value from UserDefaults
/// and invalidates a view on a change in value in that user default."
/// Each read is the defaults' value for the key, or the wrapper's default
/// when the key has none; each write sets the key, in `store` or in the
/// process's standard defaults. No view is emulated, so nothing is
/// invalidated; the value is the very `UserDefaults` key every process of
/// the App Group sees (docs/GUEST.md, "App Group `UserDefaults`").
@propertyWrapper
public struct AppStorage<Value>: @unchecked Sendable {
    private let key: String
    private let store: GuestUserDefaults?
    private let defaultValue: Value
    private let read: (GuestUserDefaults, String) -> Value?
    private let write: (GuestUserDefaults, String, Value) -> Void

    private init(
        key: String, store: GuestUserDefaults?, defaultValue: Value,
        read: @escaping (GuestUserDefaults, String) -> Value?,
        write: @escaping (GuestUserDefaults, String, Value) -> Void
    ) {
        self.key = key
        self.store = store
        self.defaultValue = defaultValue
        self.read = read
        self.write = write
    }

    private var defaults: GuestUserDefaults { store ?? GuestUserDefaults.standard }

    public var wrappedValue: Value {
        get { read(defaults, key) ?? defaultValue }
        nonmutating set { write(defaults, key, newValue) }
    }
}

extension AppStorage where Value == String {
    public init(wrappedValue: String, _ key: String, store: GuestUserDefaults? = nil) {
        self.init(
            key: key, store: store, defaultValue: wrappedValue, read: { $0.object(forKey: $1) as? String },
            write: { $0.set($2, forKey: $1) })
    }
}

extension AppStorage where Value == Bool {
    public init(wrappedValue: Bool, _ key: String, store: GuestUserDefaults? = nil) {
        self.init(
            key: key, store: store, defaultValue: wrappedValue,
            read: { $0.object(forKey: $1) == nil ? nil : $0.bool(forKey: $1) }, write: { $0.set($2, forKey: $1) })
    }
}

extension AppStorage where Value == Int {
    public init(wrappedValue: Int, _ key: String, store: GuestUserDefaults? = nil) {
        self.init(
            key: key, store: store, defaultValue: wrappedValue,
            read: { $0.object(forKey: $1) == nil ? nil : $0.integer(forKey: $1) }, write: { $0.set($2, forKey: $1) })
    }
}

extension AppStorage where Value == Double {
    public init(wrappedValue: Double, _ key: String, store: GuestUserDefaults? = nil) {
        self.init(
            key: key, store: store, defaultValue: wrappedValue,
            read: { $0.object(forKey: $1) == nil ? nil : $0.double(forKey: $1) }, write: { $0.set($2, forKey: $1) })
    }
}

extension AppStorage where Value == Data {
    public init(wrappedValue: Data, _ key: String, store: GuestUserDefaults? = nil) {
        self.init(
            key: key, store: store, defaultValue: wrappedValue, read: { $0.data(forKey: $1) },
            write: { $0.set($2, forKey: $1) })
    }
}

extension AppStorage where Value: RawRepresentable, Value.RawValue == String {
    public init(wrappedValue: Value, _ key: String, store: GuestUserDefaults? = nil) {
        self.init(
            key: key, store: store, defaultValue: wrappedValue,
            read: { ($0.object(forKey: $1) as? String).flatMap(Value.init(rawValue:)) },
            write: { $0.set($2.rawValue, forKey: $1) })
    }
}

extension AppStorage where Value: RawRepresentable, Value.RawValue == Int {
    public init(wrappedValue: Value, _ key: String, store: GuestUserDefaults? = nil) {
        self.init(
            key: key, store: store, defaultValue: wrappedValue,
            read: { $0.object(forKey: $1) == nil ? nil : Value(rawValue: $0.integer(forKey: $1)) },
            write: { $0.set($2.rawValue, forKey: $1) })
    }
}
