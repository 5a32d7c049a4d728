import Foundation
import OALEmulator
import OALOracle
import OALPlatform
import OALScenario
import OALSystem

/// One seed of `oal-device explore`: its generated day written as
/// `<root-base>/seed-S/day.scenario`, played on `seed-S/root` with the
/// seed's fault mix and judged by the oracle alone (the day has no
/// expectations), then, when it failed with a violation, shrunk to
/// `seed-S/day.min.scenario` (the shrink's runs under `seed-S/shrink`).
struct ExploreSeed: Sendable {
    var seed: UInt64
    var explore: Explore

    var directory: URL { explore.rootBase.appendingPathComponent("seed-\(seed)", isDirectory: true) }

    func run() -> ExploreOutcome {
        let path = explore.dayPath(seed: seed)
        let spec = explore.spec(seed: seed)
        let directory = self.directory
        let resolved = FaultRun.resolving(spec: spec, reason: "the generated day: ") {
            try? FileManager.default.removeItem(at: directory)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(explore.days.text(seed: seed).utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            return try ResolvedRun.resolve(spec)
        }
        let verdict = FaultRun(resolving: resolved, root: DeviceRoot(directory.appendingPathComponent("root"))).run()
        guard case .success(let run) = resolved else {
            return ExploreOutcome(seed: seed, scenario: path, day: "not generated", verdict: verdict, findings: [])
        }
        let scenario = run.scenario
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: scenario.timeZoneIdentifier) ?? .gmt
        let size = scenario.steps.count + scenario.faults.count
        let day =
            "\(scenario.timeZoneIdentifier) from \(LocalTimeText.text(scenario.start, calendar)), \(size) line(s)"
        let app = FindingSignature.app(of: run)
        let kinds = FindingSignature.ruleKinds(of: scenario)
        var findings: [RunFinding] = []
        var shrunk: String?
        if let signature = FindingSignature.failure(
            violations: verdict.violations, crashes: verdict.crashes, error: verdict.error, ruleKinds: kinds, app: app)
        {
            var found = RunFinding(
                seed: seed, signature: signature, scenario: path, size: size, reproduce: verdict.reproduce,
                report: verdict.report)
            if explore.shrink, verdict.kind == .violation, verdict.interrupted == nil, StopSignals.received == nil {
                do {
                    let result = try Shrinker(
                        run: run, rootBase: directory.appendingPathComponent("shrink", isDirectory: true),
                        output: directory.appendingPathComponent("day.min.scenario")
                    ).run()
                    found.scenario = result.path
                    found.size = result.size
                    found.reproduce = result.reproduce
                    shrunk = "shrunk to \(result.size) line(s) in \(result.runs) run(s): \(result.path)"
                } catch {
                    shrunk = "not shrunk: \(error)"
                }
            }
            findings.append(found)
        }
        findings += FindingSignature.known(verdict.knownFindings, ruleKinds: kinds, app: app).map {
            RunFinding(
                seed: seed, signature: $0, scenario: path, size: size, reproduce: verdict.reproduce,
                report: verdict.report)
        }
        return ExploreOutcome(
            seed: seed, scenario: path, day: day, verdict: verdict, findings: findings, shrunk: shrunk)
    }
}

/// What one seed of an explore found.
public struct ExploreOutcome: SweepOutcome {
    public var seed: UInt64
    /// `<root-base>/seed-S/day.scenario`.
    public var scenario: String
    /// The day in a few words: its zone, start and size.
    public var day: String
    public var verdict: FaultRun.Verdict
    /// Its new failure (none or one) and the known findings it met.
    public var findings: [RunFinding]
    /// How the shrink went, when the seed was shrunk.
    public var shrunk: String?

    public var progressText: String {
        let found = findings.map { "\($0.signature.known == nil ? "FAIL" : "KNOWN") \($0.signature.name)" }
        return "seed \(seed): " + (found.isEmpty ? "pass" : found.joined(separator: "; ")) + " — \(day)"
            + (shrunk.map { "; \($0)" } ?? "")
    }
    public var indexLabel: String { "seed \(seed): \(day)" }
    public var testName: String { "seed \(seed)" }
    public var testOutput: String {
        "day: \(scenario)" + findings.map { "\nfinding: \($0.signature)" }.joined() + (shrunk.map { "\n\($0)" } ?? "")
    }
}
