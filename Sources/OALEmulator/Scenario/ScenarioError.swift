/// A scenario that cannot be run, located as `file:line: message` so an
/// editor can jump to it. Never a crash: every malformed input ends here.
public struct ScenarioError: Error, Hashable, Sendable, CustomStringConvertible {
    public let file: String
    public let line: Int
    public let message: String

    public init(file: String, line: Int, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// `file:line: message`, or `file: message` for the file as a whole (line 0).
    public var description: String { line > 0 ? "\(file):\(line): \(message)" : "\(file): \(message)" }
}
