/// A failure an executable reports as one stderr line and an exit code.
///
/// Library code throws its own typed errors; this is for the decisions the
/// command layer makes itself (no such rule, refused by policy, bad option),
/// where the exit code is part of the contract.
public struct ProcessFailure: Error, Hashable, Sendable, CustomStringConvertible {
    public var code: ExitCode
    /// Names the file, field, argument or rule it is about.
    public var message: String

    public init(_ code: ExitCode, _ message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }

    public static func usage(_ message: String) -> ProcessFailure { ProcessFailure(.usage, message) }
    public static func notFound(_ message: String) -> ProcessFailure { ProcessFailure(.notFound, message) }
    public static func refused(_ message: String) -> ProcessFailure { ProcessFailure(.refused, message) }
    public static func data(_ message: String) -> ProcessFailure { ProcessFailure(.data, message) }
    public static func unavailable(_ message: String) -> ProcessFailure { ProcessFailure(.unavailable, message) }
    public static func internalError(_ message: String) -> ProcessFailure { ProcessFailure(.internalError, message) }
}
