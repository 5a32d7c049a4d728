import Foundation

/// What can stop a guest build, each naming the file, target or command
/// involved. Exit codes follow sysexits, as every command here does.
public enum GuestBuildError: Error, CustomStringConvertible, Sendable {
    /// A checkout, repository or revision that does not exist.
    case notFound(String)
    /// The Xcode project (its path) cannot be read as a project.
    case project(String, String)
    /// The checkout has no process of this kind, or two (and how it looked).
    case layout(String)
    /// A harness file (findings, equivalent mutants) that cannot be read
    /// as one: its path and line.
    case harness(String)
    /// A command (git, swiftc) that failed to run, and why.
    case tool(String)
    /// The guest's sources do not compile against the stand-ins: the
    /// process, its log, and the first errors.
    case compile(process: String, log: String, errors: [String])
    /// The SDK the guests link against is not built.
    case sdkMissing(String)
    /// A build asked for with `--no-build` that is not in the cache.
    case notBuilt(String)
    case io(String)

    public var description: String {
        switch self {
        case .notFound(let what): what
        case .project(let path, let reason): "\(path): \(reason)"
        case .layout(let message): message
        case .harness(let message): message
        case .tool(let message): message
        case .compile(let process, let log, let errors):
            (["\(process) does not compile against the emulator's stand-ins (log: \(log)):"]
                + errors.prefix(12).map { "  " + $0 }).joined(separator: "\n")
        case .sdkMissing(let message): message
        case .notBuilt(let message): message
        case .io(let message): message
        }
    }

    /// sysexits: 66 no input, 65 data, 69 unavailable, 70 software (a
    /// compile error is the guest's, reported as data), 74 I/O.
    public var exitCode: Int32 {
        switch self {
        case .notFound: 66
        case .project, .layout, .harness, .compile: 65
        case .tool, .sdkMissing, .notBuilt: 69
        case .io: 74
        }
    }
}
