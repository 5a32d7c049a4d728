import Foundation
import OALDomain
import OALProcesses
import OALScenario

/// How long an unblock lifts a block: a deliberate change of the real
/// app's behaviour over its history, stated as an option of the spec model
/// (docs/ORACLE.md, "Spec options") rather than left silent.
enum UnblockOption: Equatable, CustomStringConvertible {
    /// Until the block would end by itself: the window's end, or midnight
    /// for a spent limit (the emulator's app; OpenAppLock before its pause).
    case untilBlockEnds
    /// A temporary pause of so many minutes (OpenAppLock from its pause).
    case pause(minutes: Int)

    /// `pause-15m` or `until-block-ends`, as a harness names it.
    init?(text: String) {
        if text == "until-block-ends" {
            self = .untilBlockEnds
        } else if text.hasPrefix("pause-"), text.hasSuffix("m"), let minutes = Int(text.dropFirst(6).dropLast()) {
            self = .pause(minutes: minutes)
        } else {
            return nil
        }
    }

    var description: String {
        switch self {
        case .untilBlockEnds: "unblock lifts the block until it would end by itself"
        case .pause(let minutes): "unblock pauses the block for \(minutes) minutes"
        }
    }
}

extension Oracle {
    /// The unblock option in force: the guest harness's (`option unblock`
    /// in `guest-harness/<app>/findings`), or the emulator's own.
    var unblockOption: UnblockOption {
        guest?.options?["unblock"].flatMap(UnblockOption.init(text:)) ?? .untilBlockEnds
    }

    /// A successful `oal-app rule unblock RULE`: judged at the end of the
    /// instant, on the rule as the app stored it right after the tap.
    func noteUnblockTap(_ argv: [String]) {
        guard argv.count >= 3, argv[0] == "rule", argv[1] == "unblock" else { return }
        pendingUnblocks.append((argv.dropFirst(2).joined(separator: " "), now, nil))
    }

    /// Keeps each pending unblock's rule as the database has it after the
    /// tap: a later step of the same instant may edit it (explore seed 435:
    /// a new window whose end is not the one the unblock lifted the block
    /// until), and the tap is judged on the rule it acted on.
    func noteUnblockedRules() {
        for index in pendingUnblocks.indices where pendingUnblocks[index].rule == nil {
            pendingUnblocks[index].rule = unblockedEntry(pendingUnblocks[index].reference)?.rule
        }
    }

    private func unblockedEntry(_ reference: String) -> UserRules.Entry? {
        userRules.entries.first {
            Self.names(reference, $0.rule.name) || Self.names(reference, CanonicalUUID.string($0.rule.id))
        }
    }

    func checkPauses(_ view: OracleView) {
        let model = specModel
        for entry in userRules.entries {
            let rule = entry.rule
            let key = CanonicalUUID.string(rule.id)
            guard let until = rule.pausedUntil else {
                resolved(.pause, key: key + "|hard")
                continue
            }
            // A Hard Mode rule is never paused: an edit that turned Hard
            // Mode on must have ended the pause.
            report.checksRun += 1
            if rule.hardMode, rule.isEnabled, now < until {
                violate(
                    .pause, key: key + "|hard", ruleID: rule.id, ruleName: rule.name,
                    expected: "no pause on a Hard Mode rule (turning Hard Mode on ends a pause)",
                    actual: "paused until \(localText(until))")
            } else {
                resolved(.pause, key: key + "|hard")
            }
            // The pause is over: the rule shields again by itself, the app
            // closed or not.
            guard now >= until, !rule.hardMode else { continue }
            report.checksRun += 1
            let endKey = key + "|end|\(until)"
            let shieldsNow = model.shields(rule, at: now, day: userDay(entry, catalog: view.catalog))
            if shieldsNow, !view.storeShields(rule.id), namedReason(for: rule, since: until) == nil {
                violate(
                    .pause, key: endKey, ruleID: rule.id, ruleName: rule.name,
                    expected: "store rule-\(key) shielding again once the pause ended at \(localText(until))",
                    actual: "clear")
            } else {
                resolved(.pause, key: endKey)
            }
        }
        checkUnblockLengths(view)
    }

    /// An unblock pauses for what the option in force says (one minute's
    /// slack for the app's rounding to whole minutes).
    private func checkUnblockLengths(_ view: OracleView) {
        let pending = pendingUnblocks
        pendingUnblocks = []
        let model = specModel
        for (reference, time, tapped) in pending {
            guard let rule = tapped ?? unblockedEntry(reference)?.rule else { continue }
            report.checksRun += 1
            let wanted: Date?
            switch unblockOption {
            case .untilBlockEnds: wanted = model.blockEnd(rule, at: time)
            case .pause(let minutes): wanted = time.addingTimeInterval(TimeInterval(minutes * 60))
            }
            guard let wanted else { continue }
            let got = rule.pausedUntil
            if let got, abs(got.timeIntervalSince(wanted)) <= 60 { continue }
            violate(
                .pause, key: "\(CanonicalUUID.string(rule.id))|unblock|\(time)", ruleID: rule.id, ruleName: rule.name,
                expected: "paused until \(localText(wanted)) (spec option: \(unblockOption))",
                actual: got.map { "paused until \(localText($0))" } ?? "not paused")
        }
    }
}
