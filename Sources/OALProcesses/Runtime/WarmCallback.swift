import Foundation

/// The emulated OS's messages to a warm extension process (`--serve`,
/// docs/PROCESSES.md, "Warm extension processes"): one JSON object per
/// line, a request on the process's standard input, its reply on
/// descriptor 3. A request carries what a cold launch gets from `execve`:
/// the argument vector and the launch's own environment variables
/// (`OAL_LAUNCH_ID`, ...), plus the files its output is captured to.
public enum WarmCallback {
    /// The descriptor replies are written to (standard input carries the
    /// requests; standard output and error are the callback's own).
    public static let replyDescriptor: Int32 = 3

    public struct Request: Codable, Sendable, Equatable {
        public var arguments: [String]
        /// Set in the process before the callback runs; an empty value is
        /// set empty, as a cold launch's environment has it.
        public var environment: [String: String]
        public var standardOutput: String
        public var standardError: String

        public init(arguments: [String], environment: [String: String], standardOutput: String, standardError: String) {
            self.arguments = arguments
            self.environment = environment
            self.standardOutput = standardOutput
            self.standardError = standardError
        }
    }

    public struct Reply: Codable, Sendable, Equatable {
        /// The exit code a cold launch would have exited with.
        public var code: Int32

        public init(code: Int32) { self.code = code }
    }

    /// One message as a line (sorted keys: the same message, the same bytes).
    public static func line<Message: Encodable>(_ message: Message) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(message)) + [UInt8(ascii: "\n")]
    }

    /// A line back into a message; nil when it is not one.
    public static func message<Message: Decodable>(_ type: Message.Type, from line: [UInt8]) -> Message? {
        try? JSONDecoder().decode(type, from: Data(line))
    }
}
