import Foundation
import OALPlatform

/// An action as a timed line writes it after its time, the inverse of
/// `ActionParser` (docs/SCENARIOS.md, "Actions").
extension ScenarioAction {
    /// The line's text after `at [day N] HH:MM[:SS] [(second)]`.
    public var lineText: String {
        switch self {
        case .app(let arguments): ScenarioWords.line(["app"] + arguments)
        case .usageReport(let rule): ScenarioWords.line(["app", "usage-report", rule])
        case .open(let app, let duration): ScenarioWords.line(["open", app] + Self.lasting(duration))
        case .leave: "leave"
        case .press(let button, let app, let duration):
            ScenarioWords.line(["press", button.rawValue, "on", app] + Self.lasting(duration))
        case .expect(let expectation): ScenarioWords.line(["expect"] + expectation.words)
        // A fault's description is already its line's text, quoted where
        // it needs it (`FaultParser` reads it back).
        case .fault(let fault): "fault \(fault)"
        case .authorization(let change): "authorization \(change.rawValue)"
        case .notifications(let change): "notifications \(change.rawValue)"
        case .shortcut(let intent, let parameters): ScenarioWords.line(["shortcut", "run", intent] + parameters)
        case .automation(.add(let automation)):
            ScenarioWords.line(
                ["automation", "add", automation.name, "when"] + Self.triggerWords(automation.trigger)
                    + ["run", automation.intent] + automation.parameters
                    + (automation.runImmediately ? [] : ["--ask"]) + (automation.notifyWhenRun ? ["--notify"] : []))
        case .automation(.remove(let name)): ScenarioWords.line(["automation", "remove", name])
        case .automation(.setEnabled(let name, let enabled)):
            ScenarioWords.line(["automation", enabled ? "enable" : "disable", name])
        case .nfcScan(let tag): ScenarioWords.line(["nfc", "scan", tag])
        case .screenTap(let button, let times): ScenarioWords.line(["tap", button] + (times == 2 ? ["twice"] : []))
        case .link(let url): ScenarioWords.line(["link", "open", url])
        case .cameraScan(let code): ScenarioWords.line(["qr", "scan", code])
        }
    }

    /// An automation's trigger as its line writes it.
    static func triggerWords(_ trigger: PersonalAutomation.Trigger) -> [String] {
        switch trigger {
        case .appOpened(let app): ["app-opened", app]
        case .nfcTag(let id): ["nfc-tag", id]
        case .timeOfDay(let hour, let minute): ["time-of-day", String(format: "%02d:%02d", hour, minute)]
        }
    }

    /// `for DURATION`, or nothing.
    private static func lasting(_ duration: TimeInterval?) -> [String] {
        duration.map { ["for", DurationText.format($0)] } ?? []
    }
}
