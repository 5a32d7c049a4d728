import Foundation
import OALDomain
import OALStore
import OALSystem

/// Test-only broken variants (docs/ORACLE.md, "Mutants"): `OAL_MUTANT=<name>`
/// turns on one deliberate defect, so the tests can show the oracle catches
/// it. Read once per process; inert when unset or unknown. Each is a
/// one-line branch at the spot it breaks.
public enum Mutant: String, CaseIterable, Sendable {
    /// Uninstall Protection is reconciled only by the app's refresh, as a
    /// foreground-only design would: with the app closed, a Hard Mode block
    /// that starts or ends leaves app removal as it was.
    case uninstallForegroundOnly = "uninstall-foreground-only"
    /// `rule edit --hard` keeps a live pause (a Hard Mode rule that stays
    /// paused), as the real app once did.
    case hardModeKeepsPause = "hard-mode-keeps-pause"
    /// The shield offers Open whenever an open-limit rule with opens left
    /// holds it, even when another rule blocks the app too.
    case openOverOtherBlock = "open-over-other-block"
    /// A schedule's "Starts in" counts to tomorrow's window whatever the
    /// enabled days say.
    case labelIgnoresDays = "label-ignores-days"
    /// The Rules screen shows a schedule's window to the hour: 09:05 –
    /// 09:45 reads "09:00 – 09:00".
    case windowTextDropsMinutes = "window-text-drops-minutes"
    /// The Open press checks the budget and spends in two separate steps
    /// (a read, then `addOpens`), so concurrent presses can overspend.
    case spendWithoutLock = "spend-without-lock"
    /// The monitor decides with no session expiry, so it re-shields an app
    /// mid-session.
    case monitorIgnoresSessions = "monitor-ignores-sessions"
    /// The monitor never writes a threshold's minutes to the ledger.
    case monitorSkipsMinutes = "monitor-skips-minutes"
    /// The monitor records five minutes more than the threshold says.
    case monitorInventsMinutes = "monitor-invents-minutes"
    /// `oal-app rule edit|disable|delete` skip the Hard Mode gate.
    case appIgnoresHardMode = "app-ignores-hard-mode"
    /// The shared decision treats every schedule rule as on every day. Both
    /// paths run it, so they still agree: only a judge with its own model
    /// of the spec sees the over-enforcement.
    case decisionIgnoresDays = "decision-ignores-days"
    /// The shared decision counts a time limit's budget five minutes late:
    /// under-enforcement that both paths agree on.
    case decisionLateBudget = "decision-late-budget"
    /// The app registers its threshold events without
    /// `includesPastActivity`, so an activity restarted mid-day (the rule
    /// turned off and on, or edited) counts from zero and forgets the
    /// usage earlier in the day.
    case restartForgetsUsage = "restart-forgets-usage"
    /// An Allow Only shield is the old `.all(except: list apps)`: the list's
    /// categories stay blocked and no website is ever blocked.
    case allowOnlyBlocksList = "allow-only-blocks-list"
    /// The refresh publishes the rule mirror without its generation check,
    /// so a refresh that read the database before a later change publishes
    /// (and shields, and registers) its stale rule list over the newer one.
    case mirrorWithoutGeneration = "mirror-without-generation"
    /// The app registers a time limit as one repeating `rule-<UUID>`
    /// instead of the day-keyed `rule-<UUID>-<day>`, so a threshold flushed
    /// after midnight names no day and the monitor has to guess it (k
    /// minutes cannot fit since midnight): a late enough batch lands on
    /// today.
    case undatedLimitActivity = "undated-limit-activity"
    /// The app reports every rule as monitored: a rule whose activity
    /// DeviceActivity refused goes unenforced in the background, silently.
    case silentActivityRefusal = "silent-activity-refusal"
    /// The Open press grants even when DeviceActivity refused its one-shot
    /// re-shield activity: the app stays unshielded after the session
    /// until the app's next refresh.
    case grantWithoutReshield = "grant-without-reshield"
    /// An open session's one-shot ended early by time-zone travel is taken
    /// as the session's end: the session is neither ended nor re-armed, so
    /// nothing re-shields the app when it is over (issue 23, item 6).
    case sessionEndsWithTravel = "session-ends-with-travel"
    /// The Open press of before finding 1's fix: spend, record, lift, with
    /// no pending grant and nothing that resolves a press killed half-way
    /// (the open is lost, or the shield stays down for a grant the OS never
    /// saw).
    case unrecoverablePress = "unrecoverable-press"
    /// The Open press takes no press lock and looks up before anything
    /// else can serialise it: concurrent launches for one tap each spend
    /// an open (finding 4).
    case pressWithoutLock = "press-without-lock"
    /// The app's refresh decides from the sessions it read before waiting
    /// for its locks, so a press granted meanwhile is re-locked (finding 6);
    /// and, as before finding 7's fix, no later monitor launch of the
    /// instant reconciles the other rules (it would lift the shield again).
    case refreshStaleSessions = "refresh-stale-sessions"
    /// The monitor recomputes only the rule of its callback, so a shield
    /// change a killed launch never wrote waits for that rule's next
    /// callback or the app's refresh (finding 7).
    case monitorOwnRuleOnly = "monitor-own-rule-only"
    /// A session store of a newer format stops every decision (the process
    /// exits 65), schedules and time limits included (finding 5).
    case newerSessionsStopEnforcement = "newer-sessions-stop-enforcement"

    /// A usage journal of a newer format stops every decision (the process
    /// exits 65), schedules included: an unrelated window never shields
    /// (issue 23, seed 292).
    case newerUsageStopsEnforcement = "newer-usage-stops-enforcement"

    /// The rule mirror is one file, as before issue 10: a damaged
    /// `rule-snapshots.json` leaves the extensions no rules until the app's
    /// next refresh, and the refresh that meets it fails.
    case mirrorWithoutCopy = "mirror-without-copy"

    /// A damaged usage journal is quarantined and the day starts empty, as
    /// before issue 10: one bad line loses every minute and open of the day.
    case journalWithoutSalvage = "journal-without-salvage"

    /// The stores write as they do when no power can be lost: replaced and
    /// appended, never synced. Every process kill keeps each change; a
    /// power loss takes all of them since the device booted.
    case storesNotDurable = "stores-not-durable"

    /// The monitor reads the published rules at its first callback and
    /// keeps them in a static: harmless when every callback is a new
    /// process, stale in a warm process (`--warm`) after the app edits or
    /// deletes a rule.
    case monitorCachesRules = "monitor-caches-rules"

    /// The usage report lists its rows lightest first and names each app
    /// by its token: the total is right, every row is wrong.
    case reportRowsWrong = "report-rows-wrong"

    public static let variable = MutantVariable.name

    /// The mutant of this process, read once.
    public static let active: Mutant? = ProcessEnvironment.value(variable).flatMap(Mutant.init(rawValue:))

    public static func on(_ mutant: Mutant) -> Bool { active == mutant }
}

extension UsageLedger {
    /// `spend-without-lock`: check, then spend, under two separate locks.
    func spendOpenUnlocked(rule: UUID, day: DayKey, budget: Int) throws -> SpendResult {
        let used = try usage(rule: rule, day: day).opensUsed
        guard used < budget else { return .denied(opensUsed: used) }
        usleep(200_000)  // widen the window between check and spend, as a slow device would
        return .granted(opensUsed: try addOpens(rule: rule, day: day).opensUsed)
    }
}
