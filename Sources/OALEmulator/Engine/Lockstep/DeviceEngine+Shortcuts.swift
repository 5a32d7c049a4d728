import Foundation
import OALPlatform
import OALProcesses

/// Shortcuts on the emulated device (issue 37): a shortcut whose action is
/// one of the app's App Intents runs that intent in the app's process,
/// launched for it in the background (`oal-app intent`), as iOS does.
extension DeviceEngine {
    /// Runs the shortcut, traces `user.shortcut` with the launch and what
    /// the intent answered, and fails the step when the launch did not
    /// exit 0 (a refused foreground, a thrown error, an unknown intent).
    func runShortcut(_ step: ScenarioStep, intent: String, parameters: [String]) throws {
        let outcome = try launch(.app, ["intent", intent] + parameters)
        let answer = Self.intentAnswer(outcome.stdout)
        trace.record(
            "user.shortcut", at: now,
            [
                "intent": intent, "parameters": parameters.joined(separator: " "), "launch": String(outcome.launch),
                "status": outcome.statusText, "value": answer["value"] ?? "", "dialog": answer["dialog"] ?? "",
                "foreground": (answer["runtime"] ?? "").contains("foreground (") ? "yes" : "no",
            ])
        if outcome.exitCode != 0 {
            let said = outcome.stderr.split(separator: "\n").first.map(String.init) ?? ""
            record(
                step,
                ExpectationVerdict(ok: false, detail: "shortcut run \(intent) exited \(outcome.statusText): \(said)"))
        }
    }

    /// `value: …`, `dialog: …` and `runtime: …` lines of `oal-app intent`.
    static func intentAnswer(_ stdout: String) -> [String: String] {
        var answer: [String: String] = [:]
        for line in stdout.split(separator: "\n") {
            for key in ["value", "dialog", "runtime"] where line.hasPrefix(key + ": ") {
                answer[key] = String(line.dropFirst(key.count + 2))
            }
        }
        return answer
    }
}
