/// `@Parameter`: an intent's input, set by the runtime before `perform()`.
/// https://developer.apple.com/documentation/appintents/intentparameter
///
/// A class, as Apple's is: the runtime sets the value through the wrapper
/// an intent value holds. Reading a parameter that was never set stops the
/// process naming it (on iOS the system asks the person for it first, and
/// there is no person to ask here).
@propertyWrapper
public final class IntentParameter<Value>: @unchecked Sendable {
    public let title: String
    private var value: Value?
    /// An entity named by text, found by its query when the intent runs
    /// (`EntityParameter`).
    var pendingEntity: String?

    public init(title: LocalizedStringResource, description: LocalizedStringResource? = nil) {
        self.title = String(localized: title)
        self.value = nil
        // An optional parameter with no value is nil, not unset.
        if let optional = Value.self as? any OptionalParameter.Type { value = optional.unset as? Value }
    }

    public init(
        wrappedValue: Value, title: LocalizedStringResource, description: LocalizedStringResource? = nil
    ) {
        self.title = String(localized: title)
        self.value = wrappedValue
    }

    public var wrappedValue: Value {
        get {
            guard let value else {
                IntentRuntime.fail("@Parameter(title: \"\(title)\") was read before it was set")
            }
            return value
        }
        set { value = newValue }
    }

    public var projectedValue: IntentParameter<Value> { self }

    /// Whether the runtime has a value for it (a run's input, or a default).
    public var hasValue: Bool { value != nil || pendingEntity != nil }
}

extension AppIntent {
    public typealias Parameter<Value> = IntentParameter<Value>
}

/// An `Optional` parameter type, whose unset value is nil.
protocol OptionalParameter {
    static var unset: Any { get }
}

extension Optional: OptionalParameter {
    static var unset: Any { Wrapped?(nilLiteral: ()) as Any }
}
