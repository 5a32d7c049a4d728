/// A parameter value the runtime can set from text: what a Shortcuts
/// action saves for it, and what a scenario's `shortcut run` step writes.
public protocol IntentParameterText {
    init?(intentParameterText: String)
}

extension String: IntentParameterText {
    public init?(intentParameterText: String) { self = intentParameterText }
}

extension Int: IntentParameterText {
    public init?(intentParameterText: String) { self.init(intentParameterText) }
}

extension Double: IntentParameterText {
    public init?(intentParameterText: String) { self.init(intentParameterText) }
}

extension Bool: IntentParameterText {
    public init?(intentParameterText: String) {
        switch intentParameterText {
        case "true", "yes", "on": self = true
        case "false", "no", "off": self = false
        default: return nil
        }
    }
}

extension Optional: IntentParameterText where Wrapped: IntentParameterText {
    public init?(intentParameterText: String) {
        guard let value = Wrapped(intentParameterText: intentParameterText) else { return nil }
        self = .some(value)
    }
}

extension AppEnum {
    /// The case whose raw value reads `text`.
    static func parameterCase(_ text: String) -> Self? { allCases.first { "\($0.rawValue)" == text } }
}

/// An intent's parameter, whatever its type: how the runtime finds and sets
/// it by property name.
public protocol AnyIntentParameter: AnyObject {
    var title: String { get }
    /// The value's type, as the error for a value it cannot take names it.
    var valueType: String { get }
    /// Sets the value from text; false when the text is not a value of its type.
    func set(fromText text: String) -> Bool
    /// Whether it has a value (given, a default, or nil for an optional one).
    var hasValue: Bool { get }
    /// Finds an entity named by text with its query (before `perform()`).
    func resolvePendingEntity() async throws
}

extension IntentParameter: AnyIntentParameter {
    public var valueType: String { String(describing: Value.self) }

    public func set(fromText text: String) -> Bool {
        if let type = Value.self as? any IntentParameterText.Type,
            let value = type.init(intentParameterText: text) as? Value
        {
            wrappedValue = value
            return true
        }
        if let type = Value.self as? any AppEnum.Type, let value = type.parameterCase(text) as? Value {
            wrappedValue = value
            return true
        }
        if EntityParameter.entityType(of: Value.self) != nil {
            pendingEntity = text
            return true
        }
        return false
    }

    public func resolvePendingEntity() async throws {
        guard let text = pendingEntity, let entity = EntityParameter.entityType(of: Value.self) else { return }
        let found = try await EntityParameter.find(entity, text, parameter: title)
        // `Entity?` takes the entity wrapped.
        guard let value = (found as? Value) ?? (Optional(found) as Any as? Value) else {
            IntentRuntime.fail("@Parameter(title: \"\(title)\"): its query found \(type(of: found)), not \(Value.self)")
        }
        wrappedValue = value
        pendingEntity = nil
    }
}

extension AppIntent {
    /// The intent's parameters by property name (`step` for `@Parameter var step`).
    public var parameters: [String: any AnyIntentParameter] {
        var found: [String: any AnyIntentParameter] = [:]
        for child in Mirror(reflecting: self).children {
            guard let label = child.label, label.hasPrefix("_"),
                let parameter = child.value as? any AnyIntentParameter
            else { continue }
            found[String(label.dropFirst())] = parameter
        }
        return found
    }
}
