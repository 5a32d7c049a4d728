import Foundation
import OALGuestBuild

/// Finds the first commit at which a scenario's verdict changes
/// (`ScenarioVerdict.sameBehaviour`): a binary search over the first-parent
/// line from GOOD to BAD, then, when that commit merges a branch, over the
/// branch's own first-parent line, so about log2(n) commits are built. A
/// commit that does not build is skipped, as `git bisect skip` does: the
/// search probes its neighbours instead.
public struct GuestBisect: Sendable {
    public let history: GuestHistory

    public init(history: GuestHistory) { self.history = history }

    public struct Step: Codable, Hashable, Sendable {
        public var commit: String
        public var short: String
        public var subject: String
        /// Nil when the commit does not build (skipped).
        public var verdict: ScenarioVerdict?
        public var note: String
    }

    public struct Outcome: Codable, Hashable, Sendable {
        public var commit: String
        public var short: String
        public var subject: String
        public var goodVerdict: ScenarioVerdict
        public var badVerdict: ScenarioVerdict
        /// The verdict at the first changed commit and just before it.
        public var before: ScenarioVerdict
        public var after: ScenarioVerdict
        public var steps: [Step]
        /// Commits on the searched lines, for the log2 comparison.
        public var candidates: Int
        public var reproduce: String
    }

    public enum Failure: Error, CustomStringConvertible {
        case endpoint(String)
        case sameBehaviour(ScenarioVerdict)
        case build(GuestBuildError)

        public var description: String {
            switch self {
            case .endpoint(let message): message
            case .sameBehaviour(let verdict):
                "GOOD and BAD behave the same (\(verdict)); nothing to bisect"
            case .build(let error): error.description
            }
        }
    }

    public func run(
        good goodRevision: String, bad badRevision: String, repositoryName: String,
        progress: (Step) -> Void = { _ in }
    ) throws(Failure) -> Outcome {
        let repository = history.repository
        let good: String
        let bad: String
        do {
            good = try repository.commit(goodRevision)
            bad = try repository.commit(badRevision)
        } catch {
            throw .build(error)
        }
        var steps: [Step] = []
        var cache: [String: ScenarioVerdict?] = [:]
        func verdict(_ commit: String, note: String) -> ScenarioVerdict? {
            if let known = cache[commit] { return known }
            let row = history.row(commit)
            let step = Step(commit: commit, short: row.short, subject: row.subject, verdict: row.verdict, note: note)
            steps.append(step)
            progress(step)
            cache[commit] = row.verdict
            return row.verdict
        }
        guard let goodVerdict = verdict(good, note: "GOOD") else {
            throw .endpoint("GOOD (\(goodRevision)) does not build or play; see the step above")
        }
        guard let badVerdict = verdict(bad, note: "BAD") else {
            throw .endpoint("BAD (\(badRevision)) does not build or play; see the step above")
        }
        guard !badVerdict.sameBehaviour(as: goodVerdict) else { throw .sameBehaviour(goodVerdict) }

        // The first-parent line after GOOD up to BAD.
        let line: [String]
        do { line = try repository.revisions(["--first-parent", "\(good)..\(bad)"]) } catch { throw .build(error) }
        guard !line.isEmpty else { throw .endpoint("BAD (\(badRevision)) is not after GOOD (\(goodRevision))") }
        let first = search(line, changedAt: line.count - 1, from: goodVerdict, verdict: verdict)
        var candidates = line.count
        // A merge: the change came in with its branch; find it there.
        if let parents = try? repository.parents(line[first]), parents.count == 2,
            let branch = try? repository.revisions(["--first-parent", "\(parents[0])..\(parents[1])"]),
            !branch.isEmpty
        {
            candidates += branch.count
            let branchHead = branch.count - 1
            if let headVerdict = verdict(branch[branchHead], note: "the merged branch's last commit"),
                !headVerdict.sameBehaviour(as: goodVerdict)
            {
                let index = search(branch, changedAt: branchHead, from: goodVerdict, verdict: verdict)
                return try outcome(
                    branch[index], previous: index > 0 ? branch[index - 1] : parents[0], good: goodVerdict,
                    bad: badVerdict, steps: steps, candidates: candidates, repositoryName: repositoryName,
                    verdict: verdict)
            }
        }
        let previous = first > 0 ? line[first - 1] : good
        return try outcome(
            line[first], previous: previous, good: goodVerdict, bad: badVerdict, steps: steps,
            candidates: candidates, repositoryName: repositoryName, verdict: verdict)
    }

    /// The index in `commits` of the first one whose verdict differs from
    /// `from`, knowing the one at `changedAt` does and the one before the
    /// first behaves as `from`.
    func search(
        _ commits: [String], changedAt: Int, from reference: ScenarioVerdict,
        verdict: (String, String) -> ScenarioVerdict?
    ) -> Int {
        var low = -1
        var high = changedAt
        while high - low > 1 {
            let middle = (low + high) / 2
            // Skip commits that do not build: the nearest building one
            // between the bounds stands in for the middle.
            var probe: (index: Int, verdict: ScenarioVerdict)?
            for offset in 0..<(high - low - 1) {
                for index in [middle + offset, middle - offset] where index > low && index < high {
                    if probe == nil, let found = verdict(commits[index], "bisect") { probe = (index, found) }
                }
                if probe != nil { break }
            }
            guard let probe else { break }
            if probe.verdict.sameBehaviour(as: reference) { low = probe.index } else { high = probe.index }
        }
        return high
    }

    func outcome(
        _ commit: String, previous: String, good: ScenarioVerdict, bad: ScenarioVerdict, steps: [Step],
        candidates: Int, repositoryName: String, verdict: (String, String) -> ScenarioVerdict?
    ) throws(Failure) -> Outcome {
        let (short, _, subject) = (try? history.repository.describe(commit)) ?? (String(commit.prefix(7)), "", "")
        let after = verdict(commit, "first changed") ?? bad
        let before = verdict(previous, "just before") ?? good
        return Outcome(
            commit: commit, short: short, subject: subject, goodVerdict: good, badVerdict: bad, before: before,
            after: after, steps: steps, candidates: candidates,
            reproduce: history.player.reproduce(guest: "\(repositoryName)@\(short)"))
    }
}
