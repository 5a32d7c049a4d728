/// A scenario that cannot be run, located as `file:line: message` so an
/// editor can jump to it. Never a crash: every malformed input ends here.
public struct ScenarioError: Error, Hashable, Sendable, CustomStringConvertible {
    public let file: String
    public let line: Int
    public let message: String
    /// The file does not exist: "not found" (exit 66) rather than a scenario
    /// that does not parse (exit 65).
    public let fileIsMissing: Bool

    public init(file: String, line: Int, message: String, fileIsMissing: Bool = false) {
        self.file = file
        self.line = line
        self.message = Self.bounded(message)
        self.fileIsMissing = fileIsMissing
    }

    /// The longest message kept: a bad token is echoed, but a 10 MB one
    /// is cut, never printed whole. Room for a message that lists what
    /// was expected instead (a process kind's crash points).
    public static let maximumMessageCharacters = 600

    public static func bounded(_ message: String) -> String {
        guard message.count > maximumMessageCharacters else { return message }
        return String(message.prefix(maximumMessageCharacters)) + "… (\(message.utf8.count) bytes in all)"
    }

    /// `file:line: message`, or `file: message` for the file as a whole (line 0).
    public var description: String { line > 0 ? "\(file):\(line): \(message)" : "\(file): \(message)" }
}
