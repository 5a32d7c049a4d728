import Foundation
import OALDomain
import OALPlatform
import OALProcesses
import OALSystem

/// `guest-app`: the `oal-app` command lines (docs/PROCESSES.md) performed
/// by the guest app's own code through its adapter.
///
/// The emulator's part is the simulated user's finger: it reads the
/// command line (names, times, days, the picker's apps from the catalog)
/// and resolves what the user pointed at against the app's own database.
/// What the tap does (the draft, the gates, the save, the enforcement)
/// is the app's. After every launch and every tap the app's store is read
/// back (`GuestAppSession.exportDatabase`) and the tap is traced with its
/// outcome.
enum GuestAppCommand {
    static func run(_ app: GuestAppSession, _ args: ParsedArguments) throws -> ExitCode {
        let command = try args.positional(0, "COMMAND (run `oal-app --help`)")
        // Catch up with a launch a fault cut short: the read-back follows the store.
        try app.exportDatabase()
        switch command {
        case "list": return try list(app, args)
        case "rule": return try rule(app, args)
        case "settings": return try settings(app, args)
        case "refresh":
            try args.expectAtMost(1)
            try app.refresh(cause: "refresh")
            if !args.has("json") { print("refreshed") }
            return .done
        case "run":
            try args.expectAtMost(1)
            return try ForegroundLoop(app: app).run()
        case "home": return try home(app, args)
        case "rules": return try rules(app, args)
        case "show": return try show(app, args)
        case "usage": return try usage(app, args)
        case "probe": return try probe(app, args)
        case "intent": return try GuestIntentCommand.run(app, args)
        default: return try ownCommand(app, args, command)
        }
    }

    /// A tap of the app's own screens the OpenAppLock-shaped commands do
    /// not name (Foqos's `profile add|start|stop`), performed by its
    /// adapter (`GuestAppAdapter.command`); the picker's apps resolved
    /// from `--apps`, `--categories`, `--domains` as for a list.
    private static func ownCommand(_ app: GuestAppSession, _ args: ParsedArguments, _ command: String) throws
        -> ExitCode
    {
        let words = Array(args.positionals)
        var selection: Data?
        if args.value("apps") != nil || args.value("categories") != nil || args.value("domains") != nil {
            let catalog = try app.context.platform.catalog.catalog()
            selection = try CommandInputs.selection(
                apps: CommandInputs.names(args.value("apps")),
                categories: CommandInputs.names(args.value("categories")),
                domains: CommandInputs.names(args.value("domains")), catalog: catalog
            ).encoded()
        }
        let request = GuestCommand(words: words, selection: selection, minutes: args.value("minutes").flatMap(Int.init))
        let adapter = app.adapter
        let known = try app.onMain("the app's commands") { adapter.commands }
        guard known.contains(command) else {
            throw ProcessFailure.usage(
                "unknown command '\(command)'"
                    + (known.isEmpty ? "" : " (this app's own: \(known.joined(separator: ", ")))"))
        }
        return try tap(app, args, words.prefix(2).joined(separator: ".")) { try await $0.command(request) }
    }

    // MARK: Taps

    /// Performs a tap with the app's code, reads its store back, refreshes
    /// when the app's screen would (every rule change refreshes on the
    /// app's change hook), and traces it with its outcome.
    private static func tap(
        _ app: GuestAppSession, _ args: ParsedArguments, _ name: String, refresh: Bool = true,
        _ body: @escaping @MainActor @Sendable (GuestAppAdapter) async throws -> GuestTapOutcome
    ) throws -> ExitCode {
        let adapter = app.adapter
        _ = try app.context.now()
        let outcome = try app.onMain("the tap \(name)") { try await body(adapter) }
        switch outcome {
        case .refused(let reason):
            app.context.record("tap", ["tap": name, "outcome": "refused", "reason": reason])
            try app.exportDatabase()
            throw ProcessFailure.refused(reason)
        case .done(let message, let id):
            app.context.record("tap", ["tap": name, "outcome": "done", "id": id?.uuidString ?? ""])
            if refresh { try app.refresh(cause: name) } else { try app.exportDatabase() }
            try CommandOutput.emit(["id": id?.uuidString ?? "", "result": message], json: args.has("json")) {
                message
            }
            return .done
        }
    }

    private static func list(_ app: GuestAppSession, _ args: ParsedArguments) throws -> ExitCode {
        let verb = try args.positional(1, "list command (add, edit, delete or show)")
        let database = try app.database()
        let catalog = try app.context.platform.catalog.catalog()
        func selection() throws -> AppSelection? {
            if args.value("apps") == nil, args.value("categories") == nil, args.value("domains") == nil { return nil }
            return try CommandInputs.selection(
                apps: CommandInputs.names(args.value("apps")),
                categories: CommandInputs.names(args.value("categories")),
                domains: CommandInputs.names(args.value("domains")), catalog: catalog)
        }
        func record(_ list: AppList, createdAt: Date) -> GuestListRecord {
            let count =
                list.selection.applications.count + list.selection.categories.count
                + list.selection.webDomains.count
            return GuestListRecord(
                id: list.id, name: list.name, selectionData: list.selection.encoded(), selectionCount: count,
                createdAt: createdAt)
        }
        switch verb {
        case "add":
            let name = try CommandInputs.listName(try args.positional(2, "NAME"))
            try args.expectAtMost(3)
            guard let picked = try selection() else {
                throw ProcessFailure.usage("list add needs --apps, --categories or --domains")
            }
            let list = AppList(id: app.context.identifiers.next(), name: name, selection: picked)
            let new = record(list, createdAt: try app.context.now())
            return try tap(app, args, "list.add") { try await $0.addList(new) }
        case "edit":
            var list = try CommandInputs.list(try args.positional(2, "NAME"), in: database)
            try args.expectAtMost(3)
            if let picked = try selection() { list.selection = picked }
            if let rename = args.value("rename") { list.name = try CommandInputs.listName(rename) }
            let edited = record(list, createdAt: .distantPast)
            return try tap(app, args, "list.edit") { try await $0.editList(edited) }
        case "delete":
            let list = try CommandInputs.list(try args.positional(2, "NAME"), in: database)
            try args.expectAtMost(3)
            return try tap(app, args, "list.delete") { try await $0.deleteList(id: list.id) }
        case "show":
            try args.expectAtMost(3)
            var lists = database.lists.lists
            if args.positionals.count > 2 { lists = [try CommandInputs.list(args.positionals[2], in: database)] }
            let views = lists.map { ["id": $0.id.uuidString, "name": $0.name, "count": $0.countText] }
            try CommandOutput.emit(views, json: args.has("json")) {
                views.isEmpty
                    ? "no app lists"
                    : views.map { "\($0["name"] ?? "") (\($0["id"] ?? "")) — \($0["count"] ?? "")" }.joined(
                        separator: "\n")
            }
            return .done
        default:
            throw ProcessFailure.usage("unknown list command '\(verb)' (expected add, edit, delete or show)")
        }
    }

    private static func rule(_ app: GuestAppSession, _ args: ParsedArguments) throws -> ExitCode {
        let verb = try args.positional(1, "rule command (add, edit, disable, enable, delete or unblock)")
        let database = try app.database()
        func listOf(_ rule: Rule) -> AppList? { rule.appListID.flatMap { database.lists.list(id: $0) } }
        switch verb {
        case "add":
            let kind = try RuleOptions.kind(try args.positional(2, "KIND (schedule, time-limit or open-limit)"))
            let name = try CommandInputs.ruleName(try args.positional(3, "NAME"))
            try args.expectAtMost(4)
            var rule = Rule(
                id: app.context.identifiers.next(), name: name, createdAt: try app.context.now(),
                configuration: try RuleOptions.configuration(kind: kind, current: nil, args))
            try RuleOptions.applyCommon(&rule, args, database: database)
            let wanted = GuestRuleRecord(rule: rule, list: listOf(rule))
            return try tap(app, args, "rule.add") { try await $0.addRule(wanted) }
        case "edit":
            var rule = database.rules[try CommandInputs.ruleIndex(try args.positional(2, "RULE"), in: database)]
            try args.expectAtMost(3)
            rule.reconfigure(try RuleOptions.configuration(kind: rule.kind, current: rule.configuration, args))
            try RuleOptions.applyCommon(&rule, args, database: database)
            let wanted = GuestRuleRecord(rule: rule, list: listOf(rule))
            return try tap(app, args, "rule.edit") { try await $0.editRule(wanted) }
        case "disable", "enable", "delete", "unblock":
            let rule = database.rules[try CommandInputs.ruleIndex(try args.positional(2, "RULE"), in: database)]
            try args.expectAtMost(3)
            let id = rule.id
            switch verb {
            case "disable": return try tap(app, args, "rule.disable") { try await $0.setEnabled(id: id, false) }
            case "enable": return try tap(app, args, "rule.enable") { try await $0.setEnabled(id: id, true) }
            case "delete": return try tap(app, args, "rule.delete") { try await $0.deleteRule(id: id) }
            default: return try tap(app, args, "rule.unblock") { try await $0.unblock(id: id) }
            }
        default:
            throw ProcessFailure.usage(
                "unknown rule command '\(verb)' (expected add, edit, disable, enable, delete or unblock)")
        }
    }

    private static func settings(_ app: GuestAppSession, _ args: ParsedArguments) throws -> ExitCode {
        let key = try args.positional(1, "SETTING (uninstall-protection)")
        guard key == "uninstall-protection" else { throw ProcessFailure.usage("unknown setting '\(key)'") }
        let value = try args.positional(2, "on|off")
        try args.expectAtMost(3)
        guard value == "on" || value == "off" else {
            throw ProcessFailure.usage("uninstall-protection: '\(value)' is not on or off")
        }
        let enabled = value == "on"
        app.context.record("settings.uninstall-protection", ["enabled": enabled ? "true" : "false"])
        return try tap(app, args, "settings.uninstall-protection") { try await $0.setUninstallProtection(enabled) }
    }

    // MARK: Screens

    private static func home(_ app: GuestAppSession, _ args: ParsedArguments) throws -> ExitCode {
        try args.expectAtMost(1)
        let adapter = app.adapter
        let home = try app.onMain("the Home screen") { try adapter.home() }
        try CommandOutput.emit(home, json: args.has("json")) {
            var lines: [String] = []
            if !home.currentlyBlocking.isEmpty {
                lines.append("Currently Blocking")
                lines += home.currentlyBlocking.map { "  \($0.name) — \($0.subtitle) — \($0.trailing)" }
            }
            if !home.usage.isEmpty {
                lines.append("Usage")
                lines += home.usage.map { "  \($0.name) — \($0.subtitle) — \($0.trailing)" }
            }
            return lines.isEmpty ? "Nothing blocking, no limits today" : lines.joined(separator: "\n")
        }
        return .done
    }

    private static func rules(_ app: GuestAppSession, _ args: ParsedArguments) throws -> ExitCode {
        try args.expectAtMost(1)
        let adapter = app.adapter
        let sections = try app.onMain("the Rules screen") { try adapter.rulesScreen() }
        try CommandOutput.emit(sections, json: args.has("json")) {
            if sections.isEmpty { return "No rules" }
            return sections.map { section in
                ([section.title]
                    + section.rules.map { row in
                        let schedule = [row.window, row.days].compactMap { $0 }.joined(separator: ", ")
                        return "  \(row.name) — \(row.subtitle) — \(row.trailing) — \(schedule)"
                    })
                    .joined(separator: "\n")
            }.joined(separator: "\n")
        }
        return .done
    }

    private static func show(_ app: GuestAppSession, _ args: ParsedArguments) throws -> ExitCode {
        let database = try app.database()
        let rule = database.rules[try CommandInputs.ruleIndex(try args.positional(1, "RULE"), in: database)]
        try args.expectAtMost(2)
        let adapter = app.adapter
        let id = rule.id
        let detail = try app.onMain("the rule detail sheet") { try adapter.detail(id: id) }
        try CommandOutput.emit(detail, json: args.has("json")) {
            ([detail.caption, detail.name] + detail.rows.map { "  \($0.first ?? ""): \($0.dropFirst().joined())" })
                .joined(separator: "\n")
        }
        return .done
    }

    /// `usage --json`: every rule's usage today as the app's ledger has it
    /// (the oracle compares it with the device's own accounting).
    private static func usage(_ app: GuestAppSession, _ args: ParsedArguments) throws -> ExitCode {
        try args.expectAtMost(1)
        let database = try app.database()
        let usage = app.adapter.usage(of: database.rules.map(\.id))
        let sessions = app.adapter.rulesInOpenSession(database.rules.map(\.id)) ?? []
        let rows = database.rules.map { rule in
            [
                "id": rule.id.uuidString, "name": rule.name,
                "minutes": "\(usage[rule.id]?.minutes ?? 0)", "opens": "\(usage[rule.id]?.opens ?? 0)",
                "session": sessions.contains(rule.id) ? "true" : "false",
            ]
        }
        try CommandOutput.emit(rows, json: args.has("json")) {
            rows.map { "\($0["name"] ?? ""): \($0["minutes"] ?? "0") min, \($0["opens"] ?? "0") opens" }
                .joined(separator: "\n")
        }
        return .done
    }

    /// `probe --json`: what the oracle asks a guest app (docs/ORACLE.md,
    /// "A guest"): its usage today and yesterday, its live sessions, its own
    /// foreground decision and the snapshots it published, each through the
    /// app's own code. Reads only.
    private static func probe(_ app: GuestAppSession, _ args: ParsedArguments) throws -> ExitCode {
        try args.expectAtMost(1)
        let database = try app.database()
        let ids = database.rules.map(\.id)
        let now = try app.context.now()
        let calendar = try app.context.clock().calendar()
        let yesterday = calendar.date(byAdding: .day, value: -1, to: now) ?? now
        let adapter = app.adapter
        let decision = try app.onMain("the app's foreground decision") { try await adapter.foregroundDecision() }
        let mirror = try app.onMain("the app's published snapshots") { try adapter.publishedSnapshots() }
        func usage(_ date: Date) -> [String: DailyUsage]? {
            guard let recorded = adapter.usage(of: ids, on: date) else { return nil }
            var rows: [String: DailyUsage] = [:]
            for (id, usage) in recorded {
                rows[id.uuidString] = DailyUsage(minutesUsed: usage.minutes, opensUsed: usage.opens)
            }
            return rows
        }
        let probe = GuestProbe(
            usageToday: usage(now), usageYesterday: usage(yesterday),
            sessions: adapter.rulesInOpenSession(ids).map { $0.map(\.uuidString).sorted() }, decision: decision,
            mirror: mirror, intervention: try app.onMain("the app's open log") { try adapter.interventionLog() })
        print(try CommandOutput.json(probe))
        return .done
    }
}
