import Foundation

/// What the app accepts as the name of a rule or an app list: one line of
/// text the screens can show. A name is display text only: files are
/// named by ids, so `.` or `/` in a name is harmless and accepted.
///
/// - Leading and trailing white space (newlines included) is trimmed.
/// - Empty after trimming: a rule takes its kind's default name (spec: the
///   editor's empty name falls back to the kind default); an app list is
///   refused (the New List flow needs a name).
/// - A control character inside (a newline, a tab, NUL; any Unicode `Cc`,
///   or a line or paragraph separator) is refused: a name is one line.
/// - More than `maximumLength` characters is refused.
public enum DisplayName {
    /// The longest name, in characters (grapheme clusters): screens cut
    /// far shorter names, and 100 is more than any preset needs.
    public static let maximumLength = 100

    public enum Problem: Error, Hashable, Sendable, CustomStringConvertible {
        case empty
        case controlCharacter(scalar: UInt32)
        case tooLong(characters: Int)

        public var description: String {
            switch self {
            case .empty: "is empty"
            case .controlCharacter(let scalar):
                "contains the control character U+\(String(format: "%04X", scalar)) (a name is one line of text)"
            case .tooLong(let characters):
                "has \(characters) characters; a name has at most \(DisplayName.maximumLength)"
            }
        }
    }

    /// The trimmed name, or why it cannot be one. Empty is `.empty`: the
    /// caller decides (a rule's default name, a list refused).
    public static func validate(_ text: String) -> Result<String, Problem> {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return .failure(.empty) }
        if let bad = trimmed.unicodeScalars.first(where: isControl) {
            return .failure(.controlCharacter(scalar: bad.value))
        }
        let count = trimmed.count
        if count > maximumLength { return .failure(.tooLong(characters: count)) }
        return .success(trimmed)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator: true
        default: false
        }
    }
}
