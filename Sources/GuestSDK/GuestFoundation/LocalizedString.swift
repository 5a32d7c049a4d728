import Foundation
import GuestRuntime

// `String(localized:)` and its key types, which Foundation on Linux does
// not have: resolved from the guest's `.xcstrings` catalogs
// (`StringCatalog`, loaded by the harness).

/// A key and the table it lives in.
public struct LocalizedStringResource: Hashable, Sendable {
    public var key: String
    public var table: String?

    public init(_ keyAndValue: String.LocalizationValue, table: String? = nil) {
        key = keyAndValue.key
        self.table = table
    }
}

extension String {
    /// A localization key, as written at the call site.
    public struct LocalizationValue: Hashable, Sendable, ExpressibleByStringLiteral {
        public let key: String

        public init(_ value: String) { key = value }
        public init(stringLiteral value: String) { key = value }
    }

    public init(localized resource: LocalizedStringResource) {
        self = StringCatalog.shared.string(forKey: resource.key, table: resource.table)
    }

    public init(localized key: LocalizationValue, table: String? = nil) {
        self = StringCatalog.shared.string(forKey: key.key, table: table)
    }
}

/// Apple's `LocalizedStringResource` is written as a literal (an App
/// Intent's `title`, a `DisplayRepresentation`), interpolations included.
/// Here an interpolated resource's key is the text it makes: the catalog
/// has no entry for it, so it resolves to itself, as a missing key does.
extension LocalizedStringResource: ExpressibleByStringInterpolation {
    public init(stringLiteral value: String) { self.init(String.LocalizationValue(value)) }

    public init(stringInterpolation: DefaultStringInterpolation) {
        self.init(String.LocalizationValue(String(stringInterpolation: stringInterpolation)))
    }
}
