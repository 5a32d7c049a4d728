import Foundation
import OALDomain
import OALScenario

/// A status label as the Rules screen shows it, read for what it claims:
/// a state and, for a countdown, the span it rounds. Both the emulator's
/// wording ("6h left", "Paused for 12m", "Inactive") and the real app's
/// ("Ends in 6h", "Resets in 5h", "Resumes in 12m", "No days selected").
struct StatusLabel: Equatable {
    enum Claim: Equatable {
        case disabled
        case noDays
        /// Not blocking, nothing counted down ("Inactive").
        case idle
        /// Blocking, ending in the span.
        case blockEnds
        /// A limit scheduled today, its budget resetting at midnight.
        case resets
        /// Not blocking, starting in the span.
        case starts
        /// Paused, resuming in the span.
        case resumes
    }

    var claim: Claim
    /// The seconds the countdown can stand for (nil: no countdown).
    var span: ClosedRange<TimeInterval>?

    init?(_ text: String) {
        let text = text.trimmingCharacters(in: .whitespaces)
        switch text {
        case "Disabled": self.init(claim: .disabled, span: nil)
        case "No days selected": self.init(claim: .noDays, span: nil)
        case "Inactive": self.init(claim: .idle, span: nil)
        default:
            let forms: [(String, String, Claim)] = [
                ("Ends in ", "", .blockEnds), ("", " left", .blockEnds), ("Resets in ", "", .resets),
                ("Starts in ", "", .starts), ("Resumes in ", "", .resumes), ("Paused for ", "", .resumes),
            ]
            for (prefix, suffix, claim) in forms where text.hasPrefix(prefix) && text.hasSuffix(suffix) {
                let middle = String(text.dropFirst(prefix.count).dropLast(suffix.count))
                guard let span = Self.span(middle) else { continue }
                self.init(claim: claim, span: span)
                return
            }
            return nil
        }
    }

    init(claim: Claim, span: ClosedRange<TimeInterval>?) {
        self.claim = claim
        self.span = span
    }

    /// "45m", "6h", "2d": the seconds a countdown rounded up to that unit
    /// can stand for, with a minute's slack for the instant it was drawn.
    static func span(_ text: String) -> ClosedRange<TimeInterval>? {
        guard let unit = text.last, let value = Int(text.dropLast()), value >= 0 else { return nil }
        let amount = TimeInterval(value)
        let slack: TimeInterval = 60
        switch unit {
        case "m": return max(0, (amount - 1) * 60) - slack...amount * 60 + slack
        case "h": return (amount - 1) * 3600 - slack...amount * 3600 + slack
        case "d": return (amount * 24 - 1) * 3600 - slack...(amount * 24 + 23) * 3600 + slack
        default: return nil
        }
    }
}

extension Oracle {
    /// The Rules screen's labels (asked by the device after launches and
    /// hourly, `DeviceEngine.askTheApp`) against the spec model: the state
    /// each claims and, for a countdown, the edge it counts to. A label
    /// this check cannot read is left alone.
    func checkStatusLabels(_ screen: ScreenRows, _ view: OracleView) {
        let model = specModel
        for row in screen.rows {
            guard let id = row.id.flatMap(UUID.init(uuidString:)), let entry = userRules.byID[id],
                let label = StatusLabel(row.trailing)
            else { continue }
            report.checksRun += 1
            let rule = entry.rule
            let day = userDay(entry, catalog: view.catalog)
            // A press killed after its spend spent an open; one killed
            // before its answer may have: the label may count either.
            var paid = day
            paid.grants += spec.kills?.paidPresses[rule.id] ?? []
            var possible = paid
            possible.grants += spec.unsurePresses[rule.id] ?? []
            let mustBlock = model.blocking(rule, at: now, day: paid)
            let mayBlock = mustBlock || model.blocking(rule, at: now, day: possible)
            let paused = rule.isEnabled && model.pauseHolds(rule, at: now)
            let scheduledToday = model.onEnabledDay(rule.days, now)
            let isLimit = rule.configuration.schedule == nil
            var wanted: (claim: String, target: Date?)?
            switch label.claim {
            case .disabled:
                if rule.isEnabled { wanted = ("enabled", nil) }
            case .noDays:
                if !rule.days.dayNumbers.isEmpty { wanted = ("enabled on \(rule.days.dayNumbers.count) day(s)", nil) }
            case .idle:
                if mustBlock || paused { wanted = (paused ? "paused" : "blocking", nil) }
            case .blockEnds:
                if !mayBlock {
                    wanted = (paused ? "paused, not blocking" : "not blocking", nil)
                } else {
                    wanted = ("blocking until", model.blockEnd(rule, at: now))
                }
            case .resets:
                if !(isLimit && rule.isEnabled && scheduledToday && !paused) {
                    wanted = ("no budget resetting tonight (not a limit scheduled today)", nil)
                } else {
                    wanted = ("the budget resets", model.nextMidnight(after: now))
                }
            case .starts:
                if mustBlock || paused {
                    wanted = (paused ? "paused" : "blocking", nil)
                } else {
                    wanted = ("next start", model.nextStart(rule, after: now))
                }
            case .resumes:
                if !paused { wanted = ("not paused", nil) } else { wanted = ("paused until", rule.pausedUntil) }
            }
            let key = "\(CanonicalUUID.string(rule.id))|label"
            let actual = "\"\(row.trailing)\" on the Rules screen"
            guard let wanted else {
                screenAgrees(.statusLabel, key: key)
                continue
            }
            if let target = wanted.target, let span = label.span {
                if span.contains(target.timeIntervalSince(now)) {
                    screenAgrees(.statusLabel, key: key)
                    continue
                }
                screenDiffers(
                    .statusLabel, rule, key: key,
                    expected: "a countdown to \(localText(target)) (\(wanted.claim), by the spec model)",
                    actual: actual)
            } else if wanted.target == nil, label.span != nil || [.disabled, .noDays, .idle].contains(label.claim) {
                screenDiffers(
                    .statusLabel, rule, key: key, expected: "a label for a rule \(wanted.claim) (the spec model)",
                    actual: actual)
            }
        }
    }

    func screenAgrees(_ check: OracleCheck, key: String) {
        resolved(check, key: key)
        divergenceSince[key] = nil
        expectedEnded(check, key: key)
    }

    /// A screen shows what the app knows: while the rule's own state may
    /// differ for a named reason (a withheld threshold, a killed press or
    /// tap), what its row shows may too, until the same deadline.
    func screenDiffers(_ check: OracleCheck, _ rule: Rule, key: String, expected: String, actual: String) {
        let since = divergenceSince[key] ?? now
        divergenceSince[key] = since
        if let reason = namedReason(for: rule, since: since) {
            expect(
                check, key: key, ruleID: rule.id, ruleName: rule.name, expected: expected, actual: actual,
                reason: reason)
        } else {
            violate(check, key: key, ruleID: rule.id, ruleName: rule.name, expected: expected, actual: actual)
        }
    }
}
