import AppIntents
import Foundation
import OALProcesses
import OALSystem

/// `guest-app intent NAME [PARAM=VALUE ...]`: one of the app's App Intents
/// run in this process, as iOS runs a Shortcuts action: the intent made
/// with `init()`, its parameters set from the command line, the app's
/// registered dependencies resolved, `perform()` run on the main actor in
/// the background (`--foreground` when the app is already in front). A
/// request to come forward is granted unless `--cannot-come-forward` (the
/// device's fault). Prints `value:`, `dialog:` and `foreground: yes|no`
/// (whether the app is in front at the end: what the device acts on).
/// Traced `intent.start`, then `app.foreground` when it comes forward, then
/// `intent.end` with the result or `intent.failed`.
enum GuestIntentCommand {
    static func run(_ app: GuestAppSession, _ args: ParsedArguments) throws -> ExitCode {
        let name = try args.positional(
            1, "INTENT (one of the app's App Intents: `oal-device guest intents` lists them)")
        let answer = try perform(
            app, name: name, assignments: Array(args.positionals.dropFirst(2)), foreground: args.has("foreground"),
            canComeForward: !args.has("cannot-come-forward"))
        try CommandOutput.emit(answer.fields, json: args.has("json")) { answer.text }
        return .done
    }

    /// What an intent run answered: the fields and the lines the device reads.
    struct Answer {
        var fields: [String: String]
        var text: String
    }

    /// Runs the intent `name` in this process (a process launched for it,
    /// or the app's running foreground loop, `GuestAppSession.foregroundIntent`),
    /// traced as above. Throws `ProcessFailure` as the command exits.
    static func perform(
        _ app: GuestAppSession, name: String, assignments: [String], foreground: Bool, canComeForward: Bool
    ) throws -> Answer {
        guard let type = GuestAppIntents.type(named: name) else {
            let known = GuestAppIntents.names
            throw ProcessFailure(
                known.isEmpty ? .unavailable : .usage,
                known.isEmpty
                    ? "intent: this app declares no App Intents"
                    : "intent: no App Intent named '\(name)' (the app's: \(known.joined(separator: ", ")))")
        }
        let context = app.context
        let run = IntentRuntime.Run(foreground: foreground, canComeForward: canComeForward) {
            context.record("app.foreground", ["cause": "intent", "intent": name])
        }
        context.record("intent.start", ["intent": name, "mode": foreground ? "foreground" : "background"])
        let outcome: Result<IntentResultReport, any Error> = try app.onMain("the intent \(name)") {
            let intent = type.init()
            try Self.setParameters(of: intent, name: name, from: assignments)
            do {
                return .success(try await IntentRuntime.perform(intent, in: run))
            } catch {
                return .failure(error)
            }
        }
        let events = run.events.joined(separator: "; ")
        switch outcome {
        case .success(let report):
            let inFront = run.isForeground ? "yes" : "no"
            context.record(
                "intent.end",
                [
                    "intent": name, "value": report.value ?? "", "dialog": report.dialog ?? "", "foreground": inFront,
                    "events": events,
                ])
            try app.exportDatabase()
            let text =
                ([report.value.map { "value: \($0)" }, report.dialog.map { "dialog: \($0)" }, "foreground: \(inFront)"]
                + (events.isEmpty ? [] : ["runtime: \(events)"])).compactMap { $0 }.joined(separator: "\n")
            return Answer(
                fields: [
                    "intent": name, "value": report.value ?? "", "dialog": report.dialog ?? "", "foreground": inFront,
                    "events": events,
                ], text: text)
        case .failure(let error):
            context.record("intent.failed", ["intent": name, "error": "\(error)", "events": events])
            try app.exportDatabase()
            throw ProcessFailure.refused("intent \(name) threw: \(error)")
        }
    }

    /// Sets each `PARAM=VALUE` on the intent's parameter of that name.
    @MainActor static func setParameters(
        of intent: any AppIntent, name: String, from assignments: [String]
    ) throws(ProcessFailure) {
        let parameters = intent.parameters
        for assignment in assignments {
            guard let equals = assignment.firstIndex(of: "=") else {
                throw .usage("intent \(name): '\(assignment)' is not PARAM=VALUE")
            }
            let key = String(assignment[..<equals])
            let text = String(assignment[assignment.index(after: equals)...])
            guard let parameter = parameters[key] else {
                throw .usage(
                    "intent \(name): no parameter '\(key)' (its parameters: "
                        + "\(parameters.keys.sorted().joined(separator: ", ")))")
            }
            guard parameter.set(fromText: text) else {
                throw .usage("intent \(name): '\(text)' is not a value of \(key)'s type \(parameter.valueType)")
            }
        }
        // iOS asks the person for a required parameter with no value; the
        // step must give it, as there is no person to ask.
        let missing = parameters.filter { !$0.value.hasValue }.keys.sorted()
        if !missing.isEmpty {
            throw .usage(
                "intent \(name): no value for "
                    + missing.map { "\($0) (\"\(parameters[$0]?.title ?? $0)\")" }.joined(separator: ", ")
                    + "; give PARAM=VALUE")
        }
    }
}
