import Foundation
import GuestRuntime

/// `UserDefaults` for guest code. Foundation's own type cannot be replaced,
/// so each guest target's generated prelude declares
/// `typealias UserDefaults = GuestUserDefaults`: a declaration in the guest's
/// own module shadows Foundation's, and `UserDefaults(suiteName:)` reaches
/// this class with no edit to the guest's sources (docs/GUEST.md).
///
/// A suite the guest is entitled to (its `.entitlements` App Groups) is the
/// group's shared file under `<root>/appgroup`; `standard` and any other
/// suite are the process's own. Only the calls the guest makes exist.
open class GuestUserDefaults: @unchecked Sendable {
    public let domain: DefaultsDomain

    public init?(suiteName: String?) {
        do {
            if let suiteName, GuestDevice.appGroups.contains(suiteName) {
                domain = try DefaultsDomain.appGroup(suiteName)
            } else {
                domain = try DefaultsDomain.processPrivate(suiteName ?? "standard")
            }
        } catch {
            GuestDevice.fail("UserDefaults(suiteName: \(suiteName.map { "\"\($0)\"" } ?? "nil")): \(error)")
        }
    }

    public static var standard: GuestUserDefaults {
        guard let defaults = GuestUserDefaults(suiteName: nil) else {
            GuestDevice.fail("UserDefaults.standard is unavailable")
        }
        return defaults
    }

    open func object(forKey key: String) -> Any? { (domain.value(forKey: key) ?? registered(key))?.object }

    open func set(_ value: Any?, forKey key: String) {
        guard let value else {
            domain.set(nil, forKey: key)
            return
        }
        guard let plist = DefaultsValue(value) else {
            GuestDevice.fail(
                "UserDefaults.set(_:forKey: \"\(key)\"): \(type(of: value)) is not a property-list type")
        }
        domain.set(plist, forKey: key)
    }

    open func set(_ value: Bool, forKey key: String) { domain.set(.bool(value), forKey: key) }
    open func set(_ value: Int, forKey key: String) { domain.set(.int(value), forKey: key) }
    open func set(_ value: Double, forKey key: String) { domain.set(.double(value), forKey: key) }

    open func removeObject(forKey key: String) { domain.set(nil, forKey: key) }

    /// As on iOS: a number is true when non-zero; "YES"/"true"/"1" strings too.
    open func bool(forKey key: String) -> Bool {
        switch domain.value(forKey: key) ?? registered(key) {
        case .bool(let value): value
        case .int(let value): value != 0
        case .double(let value): value != 0
        case .string(let value): ["yes", "true", "1"].contains(value.lowercased())
        default: false
        }
    }

    open func integer(forKey key: String) -> Int {
        switch domain.value(forKey: key) ?? registered(key) {
        case .int(let value): value
        case .double(let value): Int(value)
        case .bool(let value): value ? 1 : 0
        case .string(let value): Int(value) ?? 0
        default: 0
        }
    }

    open func string(forKey key: String) -> String? {
        switch domain.value(forKey: key) ?? registered(key) {
        case .string(let value): value
        case .int(let value): String(value)
        case .double(let value): String(value)
        default: nil
        }
    }

    open func data(forKey key: String) -> Data? {
        if case .data(let value) = domain.value(forKey: key) ?? registered(key) { return value }
        return nil
    }

    open func stringArray(forKey key: String) -> [String]? {
        guard case .array(let values) = domain.value(forKey: key) ?? registered(key) else { return nil }
        var strings: [String] = []
        for value in values {
            guard case .string(let string) = value else { return nil }
            strings.append(string)
        }
        return strings
    }

    open func dictionary(forKey key: String) -> [String: Any]? {
        if case .dictionary(let values) = domain.value(forKey: key) ?? registered(key) {
            return values.mapValues(\.object)
        }
        return nil
    }

    open func double(forKey key: String) -> Double {
        switch domain.value(forKey: key) ?? registered(key) {
        case .double(let value): value
        case .int(let value): Double(value)
        case .bool(let value): value ? 1 : 0
        case .string(let value): Double(value) ?? 0
        default: 0
        }
    }

    open func float(forKey key: String) -> Float { Float(double(forKey: key)) }

    open func array(forKey key: String) -> [Any]? {
        if case .array(let values) = domain.value(forKey: key) ?? registered(key) { return values.map(\.object) }
        return nil
    }

    open func url(forKey key: String) -> URL? {
        switch domain.value(forKey: key) ?? registered(key) {
        case .string(let value): URL(string: value)
        case .data(let value): String(data: value, encoding: .utf8).flatMap(URL.init(string:))
        default: nil
        }
    }

    open func set(_ url: URL?, forKey key: String) { domain.set(url.map { .string($0.absoluteString) }, forKey: key) }
    open func set(_ value: Float, forKey key: String) { domain.set(.double(Double(value)), forKey: key) }

    /// Values a key falls back to while nothing is stored for it; held by
    /// this process only, as iOS's registration domain is.
    open func register(defaults registrationDictionary: [String: Any]) {
        var converted: [String: DefaultsValue] = [:]
        for (key, value) in registrationDictionary {
            guard let plist = DefaultsValue(value) else {
                GuestDevice.fail(
                    "UserDefaults.register(defaults:): \(type(of: value)) for '\(key)' is not a property-list type")
            }
            converted[key] = plist
        }
        Registration.shared.add(converted, suite: domain.suite)
    }

    /// Every key of this domain (stored values over registered ones).
    open func dictionaryRepresentation() -> [String: Any] {
        var result = Registration.shared.values(suite: domain.suite).mapValues(\.object)
        for (key, value) in domain.all() { result[key] = value.object }
        return result
    }

    /// Removes every key of the domain `domainName` (a suite name), in one locked step.
    open func removePersistentDomain(forName domainName: String) {
        GuestUserDefaults(suiteName: domainName)?.domain.removeAll()
    }

    /// Writes are already on disk when each call returns.
    @discardableResult
    open func synchronize() -> Bool { true }

    private func registered(_ key: String) -> DefaultsValue? { Registration.shared.values(suite: domain.suite)[key] }

    /// `register(defaults:)` values, per suite, for this process's life.
    final class Registration: @unchecked Sendable {
        static let shared = Registration()
        private let lock = NSLock()
        private var bySuite: [String: [String: DefaultsValue]] = [:]

        func add(_ values: [String: DefaultsValue], suite: String) {
            lock.withLock { bySuite[suite, default: [:]].merge(values) { _, new in new } }
        }

        func values(suite: String) -> [String: DefaultsValue] { lock.withLock { bySuite[suite] ?? [:] } }
    }
}
