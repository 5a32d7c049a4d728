/// `@Dependency`: a value the app registered with `AppDependencyManager`,
/// resolved by the runtime before `perform()`.
/// https://developer.apple.com/documentation/appintents/appdependency
@propertyWrapper
public struct AppDependency<Value>: @unchecked Sendable {
    let key: String

    public init(key: String) { self.key = key }
    public init() { self.key = String(reflecting: Value.self) }

    public var wrappedValue: Value {
        guard let value = AppDependencyManager.shared.resolved(key) as? Value else {
            IntentRuntime.fail(
                "@Dependency(key: \"\(key)\") of type \(Value.self) was read, but the app registered none "
                    + "(AppDependencyManager.shared.add) before the intent ran")
        }
        return value
    }
}

extension AppIntent {
    public typealias Dependency<Value> = AppDependency<Value>
}

extension EntityQuery {
    public typealias Dependency<Value> = AppDependency<Value>
}

/// Where the app registers what its intents depend on (Foqos: its
/// `ModelContainer`, in its `App`'s `init`).
/// https://developer.apple.com/documentation/appintents/appdependencymanager
public final class AppDependencyManager: @unchecked Sendable {
    public static let shared = AppDependencyManager()

    private let lock = NSLock()
    private var providers: [String: @Sendable () async -> Any] = [:]
    private var values: [String: Any] = [:]

    public func add<Value>(key: String? = nil, dependency: @escaping @Sendable () async -> Value) {
        let key = key ?? String(reflecting: Value.self)
        lock.withLock {
            providers[key] = { await dependency() }
            values[key] = nil
        }
    }

    /// Resolves every registered dependency (the runtime does this before
    /// `perform()`, so `@Dependency` reads need no `await`).
    public func resolveAll() async {
        let pending = lock.withLock { providers.filter { values[$0.key] == nil } }
        for (key, provider) in pending {
            let value = await provider()
            lock.withLock { values[key] = value }
        }
    }

    func resolved(_ key: String) -> Any? { lock.withLock { values[key] } }
}
