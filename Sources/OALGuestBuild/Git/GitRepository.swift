import Foundation
import OALSystem

/// A git repository of the guest app (a working copy, a bare repository or
/// a bundle file), read through the `git` command: commits, subjects, and
/// checkouts of one commit into the cache, keyed by commit
/// (`<cache>/checkouts/<commit>`), which are never changed once made.
public struct GitRepository: Sendable {
    /// What `git -C` is pointed at: the repository, or for a bundle file,
    /// a mirror of it in the cache.
    public let gitDirectory: URL
    /// The path the user named.
    public let origin: String
    let options: GuestBuildOptions

    /// Opens `path`: a repository directory, or a bundle file, mirrored once
    /// into `<cache>/repositories/` (and fetched again when it changes).
    public init(_ path: String, options: GuestBuildOptions) throws(GuestBuildError) {
        self.options = options
        let url = URL(fileURLWithPath: path).standardizedFileURL
        origin = url.path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw .notFound("\(url.path): no such repository")
        }
        if isDirectory.boolValue {
            gitDirectory = url
            return
        }
        // A bundle: a mirror keyed by the bundle's path, refreshed when its bytes change.
        var key = ContentKey.Builder("oal bundle mirror")
        key.add(url.path)
        let mirror = options.cache.appendingPathComponent("repositories")
            .appendingPathComponent(key.finish().short + ".git")
        let stamp = mirror.appendingPathComponent("oal-bundle-stamp")
        let status = try? FileSystem.status(url.path)
        let wanted = "\(status?.size ?? 0) \(status?.modifiedNanoseconds ?? 0)"
        gitDirectory = mirror
        if (try? String(contentsOf: stamp, encoding: .utf8)) == wanted { return }
        try? FileManager.default.removeItem(at: mirror)
        try? FileManager.default.createDirectory(
            at: mirror.deletingLastPathComponent(), withIntermediateDirectories: true)
        _ = try git(["clone", "--quiet", "--mirror", url.path, mirror.path], in: nil)
        try? wanted.write(to: stamp, atomically: true, encoding: .utf8)
    }

    /// The full commit a revision names.
    public func commit(_ revision: String) throws(GuestBuildError) -> String {
        let output = try? git(["rev-parse", "--verify", "--quiet", "\(revision)^{commit}"])
        guard let sha = output?.trimmingCharacters(in: .whitespacesAndNewlines), sha.count == 40 else {
            throw .notFound("\(origin): no commit '\(revision)'")
        }
        return sha
    }

    /// A commit's subject line.
    public func subject(_ commit: String) throws(GuestBuildError) -> String {
        try git(["log", "-1", "--format=%s", commit]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `git rev-list` of `arguments`, oldest first.
    public func revisions(_ arguments: [String]) throws(GuestBuildError) -> [String] {
        try git(["rev-list", "--reverse"] + arguments).split(separator: "\n").map(String.init)
    }

    /// The commit's tree in `<cache>/checkouts/<commit>`, made once.
    public func checkout(_ commit: String) throws(GuestBuildError) -> URL {
        let checkouts = options.cache.appendingPathComponent("checkouts")
        let final = checkouts.appendingPathComponent(commit)
        if FileManager.default.fileExists(atPath: final.appendingPathComponent(".oal-checkout").path) { return final }
        let work = checkouts.appendingPathComponent("\(commit).tmp-\(getpid())")
        try? FileManager.default.removeItem(at: work)
        do {
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        } catch {
            throw .io("\(work.path): \(error)")
        }
        let archive = work.appendingPathComponent(".oal-archive.tar")
        _ = try git(["archive", "--format=tar", "-o", archive.path, commit])
        _ = try run("/usr/bin/tar", ["-xf", archive.path, "-C", work.path], in: nil)
        try? FileManager.default.removeItem(at: archive)
        try? commit.write(to: work.appendingPathComponent(".oal-checkout"), atomically: true, encoding: .utf8)
        do {
            try FileManager.default.moveItem(at: work, to: final)
        } catch {
            try? FileManager.default.removeItem(at: work)
            guard FileManager.default.fileExists(atPath: final.path) else { throw .io("\(final.path): \(error)") }
        }
        return final
    }

    func git(_ arguments: [String]) throws(GuestBuildError) -> String {
        try git(arguments, in: gitDirectory)
    }

    func git(_ arguments: [String], in directory: URL?) throws(GuestBuildError) -> String {
        try run(options.git, (directory.map { ["-C", $0.path] } ?? []) + arguments, in: directory)
    }

    /// Runs a command, its output captured in a temporary file; a failure
    /// is an error naming the command and what it printed.
    func run(_ executable: String, _ arguments: [String], in directory: URL?) throws(GuestBuildError) -> String {
        let output = FileManager.default.temporaryDirectory
            .appendingPathComponent("oal-git-\(getpid())-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let termination: ChildProcess.Termination
        do {
            let child = try ChildProcess.spawn(
                executable, arguments: arguments, environment: options.environment, standardOutput: output.path,
                standardError: output.path)
            termination = try child.wait()
        } catch {
            throw .tool("could not run \(executable): \(error)")
        }
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        guard termination == .exited(0) else {
            throw .tool(
                "\(executable) \(arguments.joined(separator: " ")) failed (\(termination)): "
                    + text.trimmingCharacters(in: .whitespacesAndNewlines).prefix(400))
        }
        return text
    }
}

/// `--guest` names one of: a build directory (with `guest.json`), a
/// checkout, or `REPO@REV`.
public enum GuestReference: Sendable, Hashable {
    case build(URL)
    case checkout(URL)
    case revision(repository: String, revision: String)

    public static func parse(_ text: String) -> GuestReference {
        let url = URL(fileURLWithPath: text)
        if FileManager.default.fileExists(atPath: url.appendingPathComponent("guest.json").path) { return .build(url) }
        if FileManager.default.fileExists(atPath: text) { return .checkout(url) }
        if let at = text.lastIndex(of: "@") {
            let repository = String(text[..<at])
            let revision = String(text[text.index(after: at)...])
            if !repository.isEmpty, !revision.isEmpty { return .revision(repository: repository, revision: revision) }
        }
        return .checkout(url)
    }
}

extension GitRepository {
    /// A commit's short hash, author date (yyyy-MM-dd) and subject.
    public func describe(_ commit: String) throws(GuestBuildError) -> (short: String, date: String, subject: String) {
        let line = try git(["log", "-1", "--date=short", "--format=%h%x09%ad%x09%s", commit])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let parts = line.split(separator: "\t", maxSplits: 2).map(String.init)
        guard parts.count == 3 else { return (String(commit.prefix(7)), "", line) }
        return (parts[0], parts[1], parts[2])
    }

    /// The commit's parents.
    public func parents(_ commit: String) throws(GuestBuildError) -> [String] {
        try git(["rev-list", "--parents", "-n", "1", commit]).split(separator: " ").dropFirst()
            .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
    }
}
