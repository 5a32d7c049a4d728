import Foundation
import OALDomain
import OALSystem

/// Builds a rule's kind-specific options from command-line options, over
/// the rule's current ones when editing. Options of another kind are
/// refused rather than ignored: the sum type has nowhere to keep them.
public enum RuleOptions {
    static let scheduleOnly = ["from", "to"]
    static let scheduleOnlyFlags = ["allow-only", "block", "adult", "no-adult"]

    public static func kind(_ text: String) throws(ProcessFailure) -> RuleKind {
        switch text {
        case "schedule": return .schedule
        case "time-limit": return .timeLimit
        case "open-limit": return .openLimit
        default: throw .usage("unknown rule kind '\(text)' (expected schedule, time-limit or open-limit)")
        }
    }

    public static func configuration(
        kind: RuleKind, current: RuleConfiguration?, _ args: ParsedArguments
    ) throws -> RuleConfiguration {
        func refuse(_ options: [String], flags: [String]) throws(ProcessFailure) {
            for option in options where args.value(option) != nil {
                throw .usage("--\(option) is for schedule rules only, not \(kind.displayName) rules")
            }
            for flag in flags where args.has(flag) {
                throw .usage("--\(flag) is for schedule rules only, not \(kind.displayName) rules")
            }
        }
        switch kind {
        case .schedule:
            let config = current?.schedule
            guard
                let start = try args.value("from").map({ (text) throws(ProcessFailure) in
                    try CommandInputs.minutes(text, option: "from")
                }) ?? config?.startMinutes
            else { throw ProcessFailure.usage("a schedule rule needs --from HH:MM") }
            guard
                let end = try args.value("to").map({ (text) throws(ProcessFailure) in
                    try CommandInputs.minutes(text, option: "to")
                }) ?? config?.endMinutes
            else { throw ProcessFailure.usage("a schedule rule needs --to HH:MM") }
            if args.has("allow-only"), args.has("block") {
                throw ProcessFailure.usage("give --allow-only or --block, not both")
            }
            if args.has("adult"), args.has("no-adult") {
                throw ProcessFailure.usage("give --adult or --no-adult, not both")
            }
            let mode: SelectionMode =
                args.has("allow-only") ? .allowOnly : args.has("block") ? .block : config?.selectionMode ?? .block
            let adult = args.has("adult") ? true : args.has("no-adult") ? false : config?.blockAdultContent ?? false
            if args.value("minutes") != nil { throw ProcessFailure.usage("--minutes is for time-limit rules only") }
            if args.value("opens") != nil { throw ProcessFailure.usage("--opens is for open-limit rules only") }
            return .schedule(
                try ScheduleConfig(startMinutes: start, endMinutes: end, selectionMode: mode, blockAdultContent: adult))
        case .timeLimit:
            try refuse(scheduleOnly, flags: scheduleOnlyFlags)
            if args.value("opens") != nil { throw ProcessFailure.usage("--opens is for open-limit rules only") }
            guard let minutes = try args.int("minutes", in: 1...1440) ?? current?.timeLimit?.dailyLimitMinutes else {
                throw ProcessFailure.usage("a time-limit rule needs --minutes N")
            }
            return .timeLimit(try TimeLimitConfig(dailyLimitMinutes: minutes))
        case .openLimit:
            try refuse(scheduleOnly, flags: scheduleOnlyFlags)
            if args.value("minutes") != nil { throw ProcessFailure.usage("--minutes is for time-limit rules only") }
            guard let opens = try args.int("opens", in: 1...1000) ?? current?.openLimit?.maxOpens else {
                throw ProcessFailure.usage("an open-limit rule needs --opens N")
            }
            return .openLimit(try OpenLimitConfig(maxOpens: opens))
        }
    }

    /// The options every kind shares: days, Hard Mode, list.
    public static func applyCommon(_ rule: inout Rule, _ args: ParsedArguments, database: AppDatabase) throws {
        if let days = args.value("days") { rule.days = try CommandInputs.days(days) }
        if args.has("hard"), args.has("soft") { throw ProcessFailure.usage("give --hard or --soft, not both") }
        if args.has("hard") {
            // Spec §4.3: a Hard Mode rule cannot be paused; turning it on
            // ends a live pause.
            rule.hardMode = true
            if !Mutant.on(.hardModeKeepsPause) { rule.pausedUntil = nil }
        }
        if args.has("soft") { rule.hardMode = false }
        if let list = args.value("list") { rule.appListID = try CommandInputs.list(list, in: database).id }
        if let name = args.value("rename") { rule.rename(try CommandInputs.ruleName(name)) }
    }
}
