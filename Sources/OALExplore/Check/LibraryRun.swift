import Foundation
import OALEmulator
import OALPlatform
import OALScenario

/// One library scenario of `oal-device check`, played as written (its own
/// seed and faults, no fault mix added) on `<root-base>/library/N-NAME/root`
/// and judged by its expectations and the oracle. A failure is not shrunk:
/// the library's file is already the scenario someone wrote for it.
struct LibraryRun: Sendable {
    var path: String
    /// Its position in the library, so that two files of one name in two
    /// folders get two roots.
    var position: Int
    var template: RunSpec
    var rootBase: URL

    var root: URL {
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        return rootBase.appendingPathComponent("library/\(position + 1)-\(name)/root", isDirectory: true)
    }

    var spec: RunSpec { template.replaying(scenario: path) }

    func run() -> CheckOutcome {
        let spec = self.spec
        let resolved = FaultRun.resolving(spec: spec, reason: "") { try ResolvedRun.resolve(spec) }
        let verdict = FaultRun(resolving: resolved, root: DeviceRoot(root)).run()
        let source = FindingSource.scenario(path)
        guard case .success(let run) = resolved else {
            let signature = FindingSignature.failure(
                violations: [], crashes: [], error: verdict.error, ruleKinds: [:], app: "unresolved")
            return CheckOutcome(
                part: "library", name: path, verdict: verdict,
                findings: signature.map {
                    [RunFinding(source: source, signature: $0, scenario: path, size: 0, reproduce: verdict.reproduce)]
                } ?? [])
        }
        var findings = Self.findings(of: verdict, run: run, source: source, scenario: path)
        // A regression kept open says so (`# oracle: CHECK "RULE"`): the
        // failure it declares is a known finding, named for its file.
        if let target = Shrinker.Target.declared(in: (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""),
            target.matches(verdict), let index = findings.firstIndex(where: { $0.signature.known == nil })
        {
            findings[index].signature.known =
                "open " + URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
            findings[index].signature.step = ""
        }
        return CheckOutcome(part: "library", name: path, verdict: verdict, findings: findings)
    }

    /// A run's new failure (its violations, crash or stop, else its first
    /// failed expectation) and the known findings it met, each named for
    /// `source`.
    static func findings(of verdict: FaultRun.Verdict, run: ResolvedRun, source: FindingSource, scenario: String)
        -> [RunFinding]
    {
        let kinds = FindingSignature.ruleKinds(of: run.scenario)
        let app = FindingSignature.app(of: run)
        let size = run.scenario.steps.count + run.scenario.faults.count
        var signatures: [FindingSignature] = []
        // A fault may change what the user sees (a killed press grants
        // nothing): a faulted run's expectations do not fail it (`FaultRun`).
        let faulted = run.isFaulted
        if let failure = FindingSignature.failure(
            violations: verdict.violations, crashes: verdict.crashes, error: verdict.error, ruleKinds: kinds, app: app,
            expectationFailures: faulted ? [] : verdict.expectationFailures)
        {
            signatures.append(failure)
        }
        signatures += FindingSignature.known(verdict.knownFindings, ruleKinds: kinds, app: app)
        return signatures.map {
            RunFinding(
                source: source, signature: $0, scenario: scenario, size: size, reproduce: verdict.reproduce,
                report: verdict.report)
        }
    }
}
