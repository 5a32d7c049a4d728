import Foundation
import OALEmulator
import OALGuestBuild
import OALShared
import OALSystem

// `oal-device guest ...` and `--guest`: the real app's checkouts built
// against GuestSDK (docs/GUEST.md). The command line is the only place
// that reads the environment (PATH for swiftc and git) and the
// executable's location (the SDK beside it); the library is handed both.

let guestUsage = """
      guest build PATH|REPO@REV [--harness DIR] [--no-build] [--cache DIR] [--sdk DIR]
          Build a checkout of a real app (or one commit of its repository) as the four processes,
          against GuestSDK, into a cache keyed by content: an unchanged checkout is reused with no
          compiler call (docs/GUEST.md). Prints the build directory --guest takes. --no-build only
          finds the build (exit 69 when there is none).
      --guest BUILD|PATH|REPO@REV [--no-build] (run, diff, sweep, swarm): launch a guest's processes in
          place of oal-app and the extensions; a checkout or REPO@REV is built first (not with --no-build).
    """

/// The options every guest command shares, from the command line.
func guestBuildOptions(_ parsed: ParsedArguments) throws -> GuestBuildOptions {
    let environment = ProcessInfo.processInfo.environment
    let executableDirectory = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        .deletingLastPathComponent()
    let sdk = parsed.value("sdk").map { URL(fileURLWithPath: $0) } ?? executableDirectory
    let cache =
        parsed.value("cache").map { URL(fileURLWithPath: $0) }
        ?? sdk.deletingLastPathComponent().appendingPathComponent("guest-cache")
    guard let swiftc = findExecutable("swiftc", environment: environment) else {
        throw ProcessFailure(.unavailable, "swiftc is not on the PATH (guest builds compile with it)")
    }
    guard let git = findExecutable("git", environment: environment) else {
        throw ProcessFailure(.unavailable, "git is not on the PATH")
    }
    guard let harnesses = findHarnesses(from: executableDirectory) else {
        throw ProcessFailure(
            .notFound, "guest-harness/ not found above \(executableDirectory.path) or in the current directory")
    }
    return GuestBuildOptions(
        swiftc: swiftc, git: git, sdk: sdk, cache: cache, harnesses: harnesses,
        harness: parsed.value("harness").map { URL(fileURLWithPath: $0).standardizedFileURL }, jobs: 2,
        environment: environment)
}

func findExecutable(_ name: String, environment: [String: String]) -> String? {
    for directory in (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
        let path = "\(directory)/\(name)"
        if FileManager.default.isExecutableFile(atPath: path) { return path }
    }
    return nil
}

/// `guest-harness/` of this checkout of the emulator: in the current
/// directory, or above the executable (`.build/debug/oal-device`).
func findHarnesses(from executableDirectory: URL) -> URL? {
    var candidates = [URL(fileURLWithPath: FileManager.default.currentDirectoryPath)]
    var directory = executableDirectory
    for _ in 0..<5 {
        candidates.append(directory)
        directory = directory.deletingLastPathComponent()
    }
    return candidates.map { $0.appendingPathComponent("guest-harness") }
        .first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("common/Prelude.swift").path) }
}

func guestFailure(_ error: GuestBuildError) -> ProcessFailure {
    ProcessFailure(ExitCode(rawValue: error.exitCode) ?? .internalError, error.description)
}

/// The build directory `--guest TEXT` names, building it unless `noBuild`.
func resolveGuest(_ text: String, parsed: ParsedArguments, quiet: Bool) throws -> URL {
    do {
        switch GuestReference.parse(text) {
        case .build(let directory):
            return directory
        case .checkout(let checkout):
            let builder = GuestBuilder(options: try guestBuildOptions(parsed))
            return try buildGuest(builder, checkout: checkout, commit: nil, parsed: parsed, quiet: quiet).directory
        case .revision(let repository, let revision):
            let options = try guestBuildOptions(parsed)
            let repo = try GitRepository(repository, options: options)
            let commit = try repo.commit(revision)
            let checkout = try repo.checkout(commit)
            return try buildGuest(
                GuestBuilder(options: options), checkout: checkout, commit: commit, parsed: parsed, quiet: quiet
            ).directory
        }
    } catch let error as GuestBuildError {
        throw guestFailure(error)
    }
}

func buildGuest(
    _ builder: GuestBuilder, checkout: URL, commit: String?, parsed: ParsedArguments, quiet: Bool
) throws(GuestBuildError) -> GuestBuilder.Result {
    let result = try builder.build(
        checkout: checkout, commit: commit, mode: parsed.has("no-build") ? .lookup : .build,
        progress: { message in if !quiet { StandardStream.error.write("\(tool): \(message)\n") } })
    if !quiet {
        let compiled = result.processes.filter { $0.compiledSeconds != nil }.map(\.kind.rawValue)
        let what = compiled.isEmpty ? "reused from the cache" : "compiled \(compiled.joined(separator: ", "))"
        StandardStream.error.write(
            "\(tool): guest \(result.app.name) from \(checkout.path)\(commit.map { " at \($0.prefix(10))" } ?? ""): "
                + "\(what) in \(String(format: "%.2f", result.seconds)) s (membership: \(result.app.membershipSource); "
                + "\(result.excluded.count) file(s) left out, listed in \(result.directory.path)/excluded.txt)\n")
    }
    return result
}

func guestCommand(_ parsed: ParsedArguments) throws -> ExitCode {
    let subcommand = try parsed.positional(0, "SUBCOMMAND (build)")
    switch subcommand {
    case "build":
        let target = try parsed.positional(1, "PATH or REPO@REV")
        try parsed.expectAtMost(2)
        let directory = try resolveGuest(target, parsed: parsed, quiet: parsed.has("quiet"))
        print(directory.path)
        return .done
    default:
        throw ProcessFailure.usage("guest: unknown subcommand '\(subcommand)' (build)")
    }
}
