import Foundation
import OALPlatform
import OALScenario

/// One fault a run injected, read back from the trace's `fault` lines:
/// where it came from, whether it took effect (a launch killed, a callback
/// held or dropped, a store damaged, ...) and what failed after it, so a
/// run under faults says what they did (docs/FAULTS.md, "What a run says").
struct FaultOutcome: Sendable, Equatable {
    /// The fault's text, as `--fault` takes it.
    var fault: String
    /// `--fault`, `--random-faults`, `scenario line N` or `scenario header`.
    var source: String
    var injected: Date
    /// When it first took effect; nil when it never did.
    var fired: Date?
    /// What it did (`killed monitor launch 10`), or why it never did.
    var effect: String
    /// What failed after it took effect and before the next fault did:
    /// failed expectations, oracle violations, expected divergences.
    var followedBy: [String] = []

    /// A `fault` line's actions that mean the fault did something.
    static let effects: Set<String> = ["killed", "applied", "dropped", "held", "paused", "fired"]
    /// Kinds whose injection is their effect (the clock, the zone, the app closed).
    static let immediate: Set<String> = ["clock-jump", "timezone", "close-app"]

    /// Whether `event` is a device line that shows a fault taking effect.
    static func isEffect(_ event: TraceEvent) -> Bool {
        guard event.process == .device, event.event == "fault", let action = event.fields["action"] else {
            return false
        }
        if action == "injected" { return immediate.contains(event.fields["kind"] ?? "") }
        return effects.contains(action)
    }

    /// The source a `key` of an `injected` line names.
    static func source(ofKey key: String) -> String {
        let parts = key.split(separator: ":", maxSplits: 1).map(String.init)
        switch (parts.first, parts.count > 1 ? parts[1] : "") {
        case ("option", _): return "--fault"
        case ("random", _): return "--random-faults"
        case ("line", let line): return "scenario line \(line)"
        case ("header", _): return "scenario header"
        default: return key
        }
    }

    /// What an effect line says it did.
    static func describe(_ event: TraceEvent) -> String {
        let fields = event.fields
        let target = fields["target"] ?? ""
        let launch = fields["launch"].map { " launch \($0)" } ?? ""
        switch fields["action"] ?? "" {
        case "injected": return "took effect when injected"
        case "killed":
            let what = target == "app-loop" ? "the app's loop" : target.isEmpty ? "a launch" : target
            return "killed \(what)\(launch)" + (fields["reason"] == "jetsam" ? " (jetsam)" : "")
        case "applied":
            if let path = fields["path"] { return "applied to \((path as NSString).lastPathComponent)" }
            let whom = [target, fields["launch"].map { "launch \($0)" } ?? ""].filter { !$0.isEmpty }
            return whom.isEmpty ? "applied" : "applied to " + whom.joined(separator: " ")
        case "dropped": return "dropped \(fields["callback"] ?? "a callback") of \(fields["activity"] ?? "?")"
        case "held": return "held \(fields["callback"] ?? "a callback") of \(fields["activity"] ?? "?")"
        case "paused": return "paused \(target)\(launch) at \(fields["point"] ?? "?")"
        case "fired":
            return
                "fired \(fields["callback"] ?? "a callback") \(fields["event"] ?? "") of \(fields["activity"] ?? "?")"
        default: return fields["action"] ?? "?"
        }
    }

    /// Every fault injected in `events` (one run), in order, with what it
    /// did and the failures `failures` (time, text) that followed it.
    static func outcomes(events: [TraceEvent], failures: [(Date, String)]) -> [FaultOutcome] {
        var outcomes: [FaultOutcome] = []
        var armed: [Int: Int] = [:]
        var survived: [Int: Int] = [:]
        var missed: [Int: String] = [:]
        var deviceArmed: [String] = []
        for event in events where event.process == .device {
            guard let time = TraceEvent.date(fromTimestamp: event.time) else { continue }
            if event.event == "run.start", event.fields["resumed"] == "true" {
                // A device killed at its own crash point comes back resumed.
                for text in deviceArmed {
                    if let index = outcomes.lastIndex(where: { $0.fault == text && $0.fired == nil }) {
                        outcomes[index].fired = time
                        outcomes[index].effect = "killed the device (it resumed from its root)"
                    }
                }
                deviceArmed = []
                continue
            }
            guard event.event == "fault", let action = event.fields["action"], let text = event.fields["fault"] else {
                continue
            }
            if action == "injected" {
                outcomes.append(
                    FaultOutcome(
                        fault: text, source: source(ofKey: event.fields["key"] ?? ""), injected: time, fired: nil,
                        effect: ""))
            }
            if action == "armed", event.fields["target"] == "device" { deviceArmed.append(text) }
            // The newest injection of this text is the one acting.
            guard let index = outcomes.lastIndex(where: { $0.fault == text }) else { continue }
            if isEffect(event) {
                if outcomes[index].fired == nil {
                    outcomes[index].fired = time
                    outcomes[index].effect = describe(event)
                }
            } else {
                switch action {
                case "armed-launch": armed[index, default: 0] += 1
                case "survived": survived[index, default: 0] += 1
                case "missed": missed[index] = event.fields["reason"] ?? "missed"
                default: break
                }
            }
        }
        for index in outcomes.indices where outcomes[index].fired == nil {
            if let reason = missed[index] {
                outcomes[index].effect = "never took effect: \(reason)"
            } else if let count = armed[index] {
                let ended = survived[index] ?? 0
                outcomes[index].effect =
                    "never took effect: armed for \(count) launch(es), \(ended) ended without reaching its point"
            } else {
                outcomes[index].effect = "never took effect: no launch it targets ran after it"
            }
        }
        // Each failure goes to the last fault that took effect at or before it.
        let fired = outcomes.indices.filter { outcomes[$0].fired != nil }.sorted {
            (outcomes[$0].fired!, $0) < (outcomes[$1].fired!, $1)
        }
        for (time, text) in failures {
            guard let index = fired.last(where: { outcomes[$0].fired! <= time }) else { continue }
            outcomes[index].followedBy.append(text)
        }
        return outcomes
    }

    init(
        fault: String, source: String, injected: Date, fired: Date? = nil, effect: String, followedBy: [String] = []
    ) {
        self.fault = fault
        self.source = source
        self.injected = injected
        self.fired = fired
        self.effect = effect
        self.followedBy = followedBy
    }
}
