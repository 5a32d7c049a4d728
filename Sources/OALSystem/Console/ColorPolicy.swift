import Glibc

/// Whether output may carry ANSI colour: only to a terminal, never with
/// `NO_COLOR` set (no-color.org: present and not empty) or `TERM=dumb`.
/// A pipe, a file or CI logs get plain text, byte for byte what tests and
/// scripts compare.
public struct ColorPolicy: Sendable, Hashable {
    public var enabled: Bool

    public init(enabled: Bool) { self.enabled = enabled }

    /// The decision, as a pure function of its inputs.
    public static func decide(isTerminal: Bool, environment: [String: String]) -> ColorPolicy {
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        return ColorPolicy(enabled: isTerminal && !noColor && environment["TERM"] != "dumb")
    }

    /// For what this process writes to standard output (`isatty(1)`).
    public static func standardOutput(environment: [String: String]) -> ColorPolicy {
        decide(isTerminal: isatty(STDOUT_FILENO) == 1, environment: environment)
    }

    public static let plain = ColorPolicy(enabled: false)

    public enum Color: String, Sendable {
        case red = "31"
        case green = "32"
        case yellow = "33"
        case blue = "34"
        case magenta = "35"
        case dim = "2"
        case bold = "1"
    }

    /// `text` in `color` when enabled, else `text` unchanged.
    public func paint(_ text: String, _ color: Color) -> String {
        enabled ? "\u{1B}[\(color.rawValue)m\(text)\u{1B}[0m" : text
    }
}
