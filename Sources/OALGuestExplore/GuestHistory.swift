import Foundation
import OALGuestBuild

/// Every commit of a guest's history, built and played: the table of
/// docs/GUEST.md ("Any commit"). Each commit is checked out into the cache,
/// built (reusing every process whose sources did not change), and the
/// scenario is played against it as its own `oal-device run`.
public struct GuestHistory: Sendable {
    public let repository: GitRepository
    public let builder: GuestBuilder
    public let player: GuestScenarioRun
    /// Where the device roots go (one per commit, kept for a look).
    public let work: URL

    public init(repository: GitRepository, builder: GuestBuilder, player: GuestScenarioRun, work: URL) {
        self.repository = repository
        self.builder = builder
        self.player = player
        self.work = work
    }

    public struct Row: Codable, Hashable, Sendable {
        public var commit: String
        public var short: String
        public var date: String
        public var subject: String
        public var builds: Bool
        /// Compile time of what was not cached, and the whole build's time.
        public var compiledSeconds: Double
        public var buildSeconds: Double
        /// The first lines of the build's error, when it failed.
        public var buildError: String?
        /// Guest files left out (views, unsupported imports, their dependants).
        public var excludedFiles: Int
        public var verdict: ScenarioVerdict?
        public var playError: String?
        public var playSeconds: Double
    }

    /// One commit, built and played.
    public func row(_ commit: String) -> Row {
        let (short, date, subject) = (try? repository.describe(commit)) ?? (String(commit.prefix(7)), "", "")
        var row = Row(
            commit: commit, short: short, date: date, subject: subject, builds: false, compiledSeconds: 0,
            buildSeconds: 0, buildError: nil, excludedFiles: 0, verdict: nil, playError: nil, playSeconds: 0)
        let build: GuestBuilder.Result
        do {
            let checkout = try repository.checkout(commit)
            build = try builder.build(checkout: checkout, commit: commit)
        } catch {
            row.buildError = error.description.split(separator: "\n").prefix(4).joined(separator: " / ")
            return row
        }
        row.builds = true
        row.buildSeconds = build.seconds
        row.compiledSeconds = build.processes.compactMap(\.compiledSeconds).reduce(0, +)
        row.excludedFiles = Set(build.excluded.map(\.exclusion.file)).count
        let started = Date()
        do {
            row.verdict = try player.play(build: build.directory, root: work.appendingPathComponent(short))
        } catch {
            row.playError = error.description
        }
        row.playSeconds = Date().timeIntervalSince(started)
        return row
    }

    /// The rows as a Markdown table.
    public static func table(_ rows: [Row]) -> String {
        var lines = [
            "| # | commit | date | subject | builds? | left out | demo day |",
            "|---:|---|---|---|---|---:|---|",
        ]
        for (index, row) in rows.enumerated() {
            let subject = row.subject.replacingOccurrences(of: "|", with: "\\|").prefix(60)
            let builds = row.builds ? "yes" : "**no**: \(row.buildError?.prefix(120) ?? "")"
            let verdict = row.verdict.map(\.description) ?? row.playError.map { "not played: \($0.prefix(80))" } ?? "—"
            lines.append(
                "| \(index + 1) | \(row.short) | \(row.date) | \(subject) | \(builds) | \(row.excludedFiles) | \(verdict) |"
            )
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
