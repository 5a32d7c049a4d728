import Foundation
import OALDomain
import OALPlatform
import OALSystem

/// `oal-app home`, `rules` and `show RULE`: the three screens of spec §6,
/// printed. Every label comes from the domain (status, usage rows,
/// countdowns); this file only lays them out.
enum ScreenCommands {
    struct Row: Encodable {
        var id: String
        var name: String
        var kind: String
        var subtitle: String
        var trailing: String
        var hardMode: Bool
        /// Only on `rules` rows the app does not enforce in the background.
        var backgroundEnforcement: String?
        /// Only on `rules` rows: a schedule's window and every rule's
        /// days, as the detail sheet shows them ("During this time", "On
        /// these days").
        var window: String? = nil
        var days: String? = nil
    }

    struct Home: Encodable {
        var currentlyBlocking: [Row]
        var usage: [Row]
        /// Rules DeviceActivity does not monitor; absent when none.
        var notEnforcedInBackground: [BackgroundWarning]?
    }

    struct Section: Encodable {
        var title: String
        var rules: [Row]
    }

    struct Detail: Encodable {
        var id: String
        var name: String
        var caption: String
        var rows: [[String]]
        var backgroundEnforcement: String
        /// Today's usage as the app's ledger has it (limit rules).
        var usage: DailyUsage?
    }

    static func home(_ app: AppSession, _ args: ParsedArguments) throws -> ExitCode {
        try args.expectAtMost(1)
        let database = try app.load()
        let inputs = try app.inputs()
        let sections = UsageDisplay.sections(
            rules: database.rules, at: inputs.now, calendar: inputs.calendar, usageFor: inputs.usage(of:))
        let blocking = sections.currentlyBlocking.map { rule -> Row in
            let status = rule.status(at: inputs.now, calendar: inputs.calendar, usage: inputs.usage(of: rule.id))
            let subtitle =
                UsageDisplay.row(
                    for: rule, usage: inputs.usage(of: rule.id), at: inputs.now, calendar: inputs.calendar)?
                .subtitle ?? status.caption(kind: rule.kind, now: inputs.now)
            // A hard rule shows a lock (the block cannot be lifted); a soft
            // one offers Unblock.
            return Row(
                id: CanonicalUUID.string(rule.id), name: rule.name, kind: rule.kind.displayName, subtitle: subtitle,
                trailing: rule.hardMode ? "Locked" : "Unblock", hardMode: rule.hardMode)
        }
        let usage = sections.usage.compactMap { rule -> Row? in
            guard
                let row = UsageDisplay.row(
                    for: rule, usage: inputs.usage(of: rule.id), at: inputs.now, calendar: inputs.calendar)
            else { return nil }
            return Row(
                id: CanonicalUUID.string(rule.id), name: row.title, kind: rule.kind.displayName, subtitle: row.subtitle,
                trailing: row.trailing, hardMode: rule.hardMode)
        }
        let warnings = BackgroundWarning.list(
            database, try BackgroundEnforcement.states(of: database, context: app.context))
        let home = Home(
            currentlyBlocking: blocking, usage: usage, notEnforcedInBackground: warnings.isEmpty ? nil : warnings)
        try CommandOutput.emit(home, json: args.has("json")) {
            var lines: [String] = []
            if !warnings.isEmpty {
                lines.append("Not Enforced in the Background")
                lines += warnings.map { "  \($0.name) — \($0.backgroundEnforcement)" }
            }
            if !blocking.isEmpty {
                lines.append("Currently Blocking")
                lines += blocking.map { "  \($0.name) — \($0.subtitle) — \($0.trailing)" }
            }
            if !usage.isEmpty {
                lines.append("Usage")
                lines += usage.map { "  \($0.name) — \($0.subtitle) — \($0.trailing)" }
            }
            return lines.isEmpty ? "Nothing blocking, no limits today" : lines.joined(separator: "\n")
        }
        return .done
    }

    static func rules(_ app: AppSession, _ args: ParsedArguments) throws -> ExitCode {
        try args.expectAtMost(1)
        let sections = try rulesScreen(app)
        try CommandOutput.emit(sections, json: args.has("json")) {
            if sections.isEmpty { return "No rules" }
            return sections.map { section in
                ([section.title]
                    + section.rules.map { row in
                        let warning = row.backgroundEnforcement.map { " — not enforced in the background (\($0))" }
                        let schedule = [row.window, row.days].compactMap { $0 }.joined(separator: ", ")
                        return "  \(row.name) — \(row.subtitle) — \(row.trailing) — \(schedule)\(warning ?? "")"
                    })
                    .joined(separator: "\n")
            }.joined(separator: "\n")
        }
        return .done
    }

    /// The Rules screen's sections: one per kind that has rules, each row
    /// with its live status label, window and days. `rules` prints them;
    /// `RulesScreenQuery` hands them to the oracle's side of the device.
    static func rulesScreen(_ app: AppSession) throws -> [Section] {
        let database = try app.load()
        let inputs = try app.inputs()
        let states = try BackgroundEnforcement.states(of: database, context: app.context)
        return RuleKind.allCases.compactMap { kind -> Section? in
            let rows = database.rules.filter { $0.kind == kind }.map { rule -> Row in
                var status = rule.status(at: inputs.now, calendar: inputs.calendar, usage: inputs.usage(of: rule.id))
                if Mutant.on(.labelIgnoresDays), case .upcoming = status,
                    case .schedule(let config) = rule.configuration
                {
                    status = .upcoming(startsAt: Self.nextStartIgnoringDays(config.startMinutes, inputs))
                }
                let state = states[rule.id]
                var window = rule.configuration.schedule?.windowText
                if Mutant.on(.windowTextDropsMinutes), let config = rule.configuration.schedule {
                    window =
                        ScheduleConfig.clockText(config.startMinutes / 60 * 60) + " – "
                        + ScheduleConfig.clockText(config.endMinutes / 60 * 60)
                }
                return Row(
                    id: CanonicalUUID.string(rule.id), name: rule.name, kind: kind.displayName,
                    subtitle: blockSummary(rule, database: database), trailing: status.label(now: inputs.now),
                    hardMode: rule.hardMode, backgroundEnforcement: state?.isRefused == true ? state?.text : nil,
                    window: window, days: rule.days.summary)
            }
            return rows.isEmpty ? nil : Section(title: kind.displayName, rules: rows)
        }
    }

    static func show(_ app: AppSession, _ args: ParsedArguments) throws -> ExitCode {
        let reference = try args.positional(1, "RULE")
        try args.expectAtMost(2)
        let database = try app.load()
        let inputs = try app.inputs()
        let rule = database.rules[try CommandInputs.ruleIndex(reference, in: database)]
        let usage = inputs.usage(of: rule.id)
        let status = rule.status(at: inputs.now, calendar: inputs.calendar, usage: usage)
        var rows: [[String]] = []
        switch rule.configuration {
        case .schedule(let config):
            rows.append(["During this time", config.windowText])
        case .timeLimit(let config):
            rows.append(["For this long", "\(CountdownText.minutes(config.dailyLimitMinutes)) daily"])
        case .openLimit(let config):
            rows.append(["More than", "\(config.maxOpens) \(config.maxOpens == 1 ? "open" : "opens") daily"])
        }
        rows.append(["On these days", rule.days.summary])
        rows.append([
            rule.configuration.selectionMode == .allowOnly ? "Allow Only" : "Block",
            listSummary(rule, database: database),
        ])
        if let row = UsageDisplay.row(for: rule, usage: usage, at: inputs.now, calendar: inputs.calendar) {
            rows.append(["Usage", "\(row.subtitle) (\(row.trailing))"])
        }
        if let config = rule.configuration.schedule {
            rows.append(["Adult websites", config.blockAdultContent ? "Blocked" : "Allowed"])
        }
        rows.append(["Unblocks allowed", rule.hardMode ? "No" : "Yes"])
        if RulePolicy.isHardLocked(rule, at: inputs.now, calendar: inputs.calendar, usage: usage) {
            rows.append(["Hard Mode", "Locked until the block ends"])
        }
        let background =
            try BackgroundEnforcement.states(of: database, context: app.context)[rule.id] ?? BackgroundEnforcement.none
        if background.isRefused {
            rows.append(["Background", "Not enforced while the app is closed (\(background.text))"])
        }
        let detail = Detail(
            id: CanonicalUUID.string(rule.id), name: rule.name,
            caption: status.caption(kind: rule.kind, now: inputs.now),
            rows: rows, backgroundEnforcement: background.text, usage: rule.kind == .schedule ? nil : usage)
        try CommandOutput.emit(detail, json: args.has("json")) {
            ([detail.caption, detail.name] + rows.map { "  \($0[0]): \($0[1])" }).joined(separator: "\n")
        }
        return .done
    }

    private static func listSummary(_ rule: Rule, database: AppDatabase) -> String {
        guard let id = rule.appListID, let list = database.lists.list(id: id) else { return "No apps" }
        return "\(list.name) · \(list.countText)"
    }

    private static func blockSummary(_ rule: Rule, database: AppDatabase) -> String {
        let mode = rule.configuration.selectionMode == .allowOnly ? "Allow Only" : "Block"
        return "\(mode) · \(listSummary(rule, database: database))"
    }

    /// `label-ignores-days`: the window's next start as if every day were
    /// enabled (today's, or tomorrow's once today's has begun).
    static func nextStartIgnoringDays(_ startMinutes: Int, _ inputs: EnforcementInputs) -> Date {
        let today = inputs.calendar.startOfDay(for: inputs.now)
        let start = inputs.calendar.date(byAdding: .minute, value: startMinutes, to: today) ?? inputs.now
        return start > inputs.now ? start : inputs.calendar.date(byAdding: .day, value: 1, to: start) ?? start
    }
}
