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

    public var description: String { "\(file):\(line): \(message)" }
}
