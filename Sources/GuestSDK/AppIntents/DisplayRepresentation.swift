/// How Shortcuts shows a value (an entity, an enum case).
/// https://developer.apple.com/documentation/appintents/displayrepresentation
public struct DisplayRepresentation: Sendable, Hashable, ExpressibleByStringInterpolation {
    public let title: String
    public let subtitle: String?

    public init(title: LocalizedStringResource, subtitle: LocalizedStringResource? = nil) {
        self.title = String(localized: title)
        self.subtitle = subtitle.map { String(localized: $0) }
    }
    public init(stringLiteral value: String) {
        self.title = value
        self.subtitle = nil
    }
    public init(stringInterpolation: DefaultStringInterpolation) {
        self.title = String(stringInterpolation: stringInterpolation)
        self.subtitle = nil
    }
}

/// How Shortcuts names a type of value.
/// https://developer.apple.com/documentation/appintents/typedisplayrepresentation
public struct TypeDisplayRepresentation: Sendable, Hashable, ExpressibleByStringInterpolation {
    public let name: String

    public init(name: LocalizedStringResource, numericFormat: LocalizedStringResource? = nil) {
        self.name = String(localized: name)
    }
    public init(stringLiteral value: String) { self.name = value }
    public init(stringInterpolation: DefaultStringInterpolation) {
        self.name = String(stringInterpolation: stringInterpolation)
    }
}
