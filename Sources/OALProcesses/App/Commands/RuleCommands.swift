import Foundation
import OALDomain
import OALSystem

/// `oal-app rule add|edit|disable|enable|delete|unblock`.
///
/// Every change is checked by `RulePolicy` against the usage of the moment:
/// while a Hard Mode rule is actively blocking it cannot be edited,
/// disabled, deleted or unblocked (exit 2, with the reason).
enum RuleCommands {
    static let usage =
        "rule add schedule|time-limit|open-limit NAME [options] | rule edit RULE [options] | rule disable|enable|delete|unblock RULE"

    static func run(_ app: AppSession, _ args: ParsedArguments) throws -> ExitCode {
        let verb = try args.positional(1, "rule command (\(usage))")
        switch verb {
        case "add": return try add(app, args)
        case "edit": return try edit(app, args)
        case "disable", "enable", "delete", "unblock": return try change(verb, app, args)
        default:
            throw ProcessFailure.usage(
                "unknown rule command '\(verb)' (expected add, edit, disable, enable, delete or unblock)")
        }
    }

    private static func add(_ app: AppSession, _ args: ParsedArguments) throws -> ExitCode {
        let kind = try RuleOptions.kind(try args.positional(2, "KIND (schedule, time-limit or open-limit)"))
        let name = try CommandInputs.ruleName(try args.positional(3, "NAME"))
        try args.expectAtMost(4)
        let configuration = try RuleOptions.configuration(kind: kind, current: nil, args)
        if args.has("soft") && args.has("hard") { throw ProcessFailure.usage("give --hard or --soft, not both") }
        let (rule, shared) = try app.mutate(cause: "rule.add") { database, inputs in
            var rule = Rule(
                id: app.context.identifiers.next(), name: name, createdAt: inputs.now, configuration: configuration)
            try RuleOptions.applyCommon(&rule, args, database: database)
            let shared = database.rules.contains { $0.name.caseInsensitiveCompare(rule.name) == .orderedSame }
            database.rules.append(rule)
            return (rule, shared)
        }
        // Two rules may share a name, as in the app (a preset added twice),
        // but a name that matches several is ambiguous on the command line.
        if shared {
            ErrorReport.printError(
                tool: app.context.tool,
                "warning: another rule is named \(rule.name); refer to these rules by id (\(CanonicalUUID.string(rule.id)))"
            )
        }
        app.context.record("rule.add", ["rule": CanonicalUUID.string(rule.id), "kind": rule.kind.rawValue])
        try emit(rule, app, args) {
            "added \(rule.kind.displayName) rule \(rule.name) (\(CanonicalUUID.string(rule.id)))"
        }
        return .done
    }

    private static func edit(_ app: AppSession, _ args: ParsedArguments) throws -> ExitCode {
        let reference = try args.positional(2, "RULE")
        try args.expectAtMost(3)
        let rule = try app.mutate(cause: "rule.edit") { database, inputs in
            let index = try CommandInputs.ruleIndex(reference, in: database)
            var rule = database.rules[index]
            try refuseIfLocked(rule, inputs, action: "edited") {
                RulePolicy.canEdit($0, at: inputs.now, calendar: inputs.calendar, usage: inputs.usage(of: $0.id))
            }
            rule.reconfigure(try RuleOptions.configuration(kind: rule.kind, current: rule.configuration, args))
            try RuleOptions.applyCommon(&rule, args, database: database)
            database.rules[index] = rule
            return rule
        }
        app.context.record("rule.edit", ["rule": CanonicalUUID.string(rule.id)])
        try emit(rule, app, args) { "updated rule \(rule.name)" }
        return .done
    }

    private static func change(_ verb: String, _ app: AppSession, _ args: ParsedArguments) throws -> ExitCode {
        let reference = try args.positional(2, "RULE")
        try args.expectAtMost(3)
        let (rule, message) = try app.mutate(cause: "rule.\(verb)") { database, inputs -> (Rule, String) in
            let index = try CommandInputs.ruleIndex(reference, in: database)
            let rule = database.rules[index]
            let usage = inputs.usage(of: rule.id)
            switch verb {
            case "disable":
                try refuseIfLocked(rule, inputs, action: "disabled") {
                    RulePolicy.canDisable($0, at: inputs.now, calendar: inputs.calendar, usage: usage)
                }
                database.rules[index].isEnabled = false
                return (rule, "disabled rule \(rule.name)")
            case "enable":
                // Turning a rule on only ever adds enforcement.
                database.rules[index].isEnabled = true
                return (rule, "enabled rule \(rule.name)")
            case "delete":
                try refuseIfLocked(rule, inputs, action: "deleted") {
                    RulePolicy.canDelete($0, at: inputs.now, calendar: inputs.calendar, usage: usage)
                }
                database.rules.remove(at: index)
                return (rule, "deleted rule \(rule.name)")
            default:
                let paused = try RulePolicy.unblocked(rule, at: inputs.now, calendar: inputs.calendar, usage: usage)
                database.rules[index] = paused
                let until = paused.pausedUntil.map { " until \(TimeFormat.iso($0))" } ?? ""
                return (paused, "unblocked rule \(rule.name)\(until)")
            }
        }
        app.context.record("rule.\(verb)", ["rule": CanonicalUUID.string(rule.id)])
        try CommandOutput.emit(["id": CanonicalUUID.string(rule.id), "result": message], json: args.has("json")) {
            message
        }
        return .done
    }

    /// What `rule add` / `rule edit` print: the rule, whether DeviceActivity
    /// monitors it (`backgroundEnforcement`), and every rule the app enforces
    /// only while open (`notEnforcedInBackground`, absent when none), each
    /// also as a `warning:` line on stderr. The change is saved either way:
    /// exit 0 (docs/PROCESSES.md, "Background enforcement").
    private struct Changed: Encodable {
        var id: String
        var name: String
        var backgroundEnforcement: String
        var notEnforcedInBackground: [BackgroundWarning]?
    }

    private static func emit(_ rule: Rule, _ app: AppSession, _ args: ParsedArguments, text: () -> String) throws {
        let database = try app.load()
        let states = try BackgroundEnforcement.states(of: database, context: app.context)
        let warnings = BackgroundWarning.list(database, states)
        let state = states[rule.id] ?? BackgroundEnforcement.none
        let output = Changed(
            id: CanonicalUUID.string(rule.id), name: rule.name, backgroundEnforcement: state.text,
            notEnforcedInBackground: warnings.isEmpty ? nil : warnings)
        try CommandOutput.emit(output, json: args.has("json"), text: text)
        for warning in warnings { StandardStream.error.write("\(warning.line)\n") }
    }

    private static func refuseIfLocked(
        _ rule: Rule, _ inputs: EnforcementInputs, action: String, _ allowed: (Rule) -> Bool
    ) throws {
        guard allowed(rule) || Mutant.on(.appIgnoresHardMode) else {
            throw ProcessFailure.refused(
                "rule \(rule.name) (\(CanonicalUUID.string(rule.id))): Hard Mode is on and the rule is blocking; it cannot be \(action) until the block ends"
            )
        }
    }
}
