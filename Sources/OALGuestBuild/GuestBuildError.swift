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
    /// A harness file (findings, equivalent mutants, mutation seeds) that cannot be read
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
                + errors.prefix(Self.errorsShown).map { "  " + $0 }
                + (errors.count > Self.errorsShown ? ["  ... \(errors.count - Self.errorsShown) more in the log"] : []))
                .joined(separator: "\n")
        case .sdkMissing(let message): message
        case .notBuilt(let message): message
        case .io(let message): message
        }
    }

    /// Enough to name every missing API of a guest's first build, few
    /// enough to read; the log has the rest.
    static let errorsShown = 60

    /// The failures of several processes as one: each process and its log
    /// named, their errors once each (a shared file fails in every process
    /// that compiles it), in order.
    static func merging(_ failures: [(process: String, log: String, errors: [String])]) -> GuestBuildError {
        guard failures.count > 1 else {
            let only = failures.first ?? ("", "", [])
            return .compile(process: only.process, log: only.log, errors: only.errors)
        }
        var errors: [String] = []
        for failure in failures {
            for error in failure.errors where !errors.contains(error) { errors.append(error) }
        }
        return .compile(
            process: failures.map(\.process).joined(separator: ", "),
            log: failures.map(\.log).joined(separator: "; "),
            errors: errors)
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
