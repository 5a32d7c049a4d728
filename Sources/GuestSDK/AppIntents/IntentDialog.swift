/// What the system shows or speaks for an intent (a result's dialog, the
/// confirmation before it comes forward). The emulated device has no
/// screen for it: a dialog is traced with the intent's result.
/// https://developer.apple.com/documentation/appintents/intentdialog
public struct IntentDialog: Sendable, Hashable, ExpressibleByStringInterpolation, CustomStringConvertible {
    public let text: String

    public init(_ text: String) { self.text = text }
    public init(_ resource: LocalizedStringResource) { self.text = String(localized: resource) }
    public init(full: LocalizedStringResource, supporting: LocalizedStringResource) {
        self.text = String(localized: full)
    }
    public init(stringLiteral value: String) { self.text = value }
    public init(stringInterpolation: DefaultStringInterpolation) {
        self.text = String(stringInterpolation: stringInterpolation)
    }

    public var description: String { text }
}

/// An intent's description in Shortcuts' editor.
/// https://developer.apple.com/documentation/appintents/intentdescription
public struct IntentDescription: Sendable, ExpressibleByStringInterpolation {
    public let text: String

    public init(
        _ description: LocalizedStringResource, categoryName: LocalizedStringResource? = nil,
        searchKeywords: [LocalizedStringResource] = []
    ) {
        self.text = String(localized: description)
    }
    public init(stringLiteral value: String) { self.text = value }
    public init(stringInterpolation: DefaultStringInterpolation) {
        self.text = String(stringInterpolation: stringInterpolation)
    }
}
