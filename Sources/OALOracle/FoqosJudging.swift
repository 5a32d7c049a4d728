import Foundation
import OALPlatform
import OALScenario

/// How the oracle judges Foqos (`option spec-model foqos` in its harness):
/// its profiles are not the spec's rules, so the rule checks are named
/// unjudged, and the shields of its profiles' apps are judged against
/// `FoqosModel`, built from the person's actions in the trace
/// (docs/ORACLE.md, "Foqos").
extension Oracle {
    /// The checks the model's differences break.
    static let foqosChecks: [OracleCheck] = [
        .underEnforced, .overEnforced, .foqosStartStop, .foqosTimer, .foqosBreak, .foqosPause, .foqosStrict,
        .foqosTemporaryAccess,
    ]

    var judgesFoqos: Bool { guest?.specModel == "foqos" }

    /// Feeds the model the trace lines just read; the first time, the
    /// whole trace so far (a device restarted mid-run resumes its oracle
    /// without the model, which is rebuilt from the trace).
    func learnFoqos(_ events: [TraceEvent]) {
        guard judgesFoqos else { return }
        if var model = foqos {
            model.learn(events)
            foqos = model
        } else {
            var model = FoqosModel()
            model.learn(TraceTail(url: root.trace).readNew())
            foqos = model
        }
    }

    /// Each of the profiles' apps shielded exactly when the model says.
    func judgeFoqos(_ view: OracleView) {
        for gap in GuestCheckGap.foqos { noteGap(gap) }
        guard let model = foqos else { return }
        let expectation = model.expected(at: now)
        for name in model.apps.sorted() {
            guard let app = view.catalog.app(named: name) else { continue }
            let key = "app|\(name)"
            if expectation.unjudged == nil { report.checksRun += 1 }
            let shielded = view.effective.isShielded(app.token, category: app.category)
            let mustBe = expectation.blocked.contains(name)
            guard expectation.unjudged == nil, shielded != mustBe else {
                for check in Self.foqosChecks { resolved(check, key: key) }
                continue
            }
            var check = expectation.check
            if check == .underEnforced || check == .overEnforced { check = mustBe ? .underEnforced : .overEnforced }
            violate(
                check, key: key, expected: "\(name) \(mustBe ? "shielded" : "not shielded"): \(expectation.why)",
                actual: shielded ? "\(name) shielded" : "\(name) not shielded")
        }
    }
}

extension GuestCheckGap {
    /// What the Foqos model leaves to other checks.
    static let foqos: [GuestCheckGap] = {
        let judged: Set<OracleCheck> = Set(Oracle.foqosChecks + [.storesParse])
        let reason = "Foqos has profiles, not the spec's rules; its shields are judged on docs/FOQOS_SPEC.md's model"
        return OracleCheck.allCases.filter { !judged.contains($0) }.map {
            GuestCheckGap(check: $0, reason: reason, caughtBy: [.underEnforced, .overEnforced])
        }
    }()
}
