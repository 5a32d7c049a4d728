import Foundation
import OALDomain
import OALShared

/// The app harness's enforcement hook: `oal-app`'s taps change the
/// emulator's database (the screen the user sees, which the oracle reads),
/// and every reconcile, launch and loop tick runs the guest's own
/// `RuleEnforcer.refresh` on those rules instead of the emulator's.
final class GuestEnforcement: AppEnforcementHook {
    let context: ProcessContext
    let adapter: GuestAppAdapter

    init(context: ProcessContext, adapter: GuestAppAdapter) {
        self.context = context
        self.adapter = adapter
    }

    func reconcile(_ database: AppDatabase, cause: String) throws {
        let records = GuestRuleRecord.records(from: database)
        _ = try context.now()
        let adapter = adapter
        MainActorBridge.run(timeout: 60, what: "the guest's RuleEnforcer.refresh") {
            await adapter.refresh(rules: records)
        }
        // The oracle's deadlines ("the app's next refresh") count this line.
        context.record("refresh", ["cause": cause, "rules": "\(records.count)", "guest": "true"])
    }

    func inputs() throws -> EnforcementInputs {
        let clock = try context.clock()
        let database = try AppDatabase.open(context).read() ?? AppDatabase()
        let ids = database.rules.map(\.id)
        var sessions: [UUID: Date] = [:]
        // The guest keeps whether a session runs, not a shared expiry: a live
        // one counts as running for the spec's 15 minutes.
        for id in adapter.rulesInOpenSession(ids) { sessions[id] = clock.now.addingTimeInterval(15 * 60) }
        return EnforcementInputs(
            now: clock.now, calendar: try clock.calendar(),
            usage: adapter.usage(of: ids).mapValues { DailyUsage(minutesUsed: $0.minutes, opensUsed: $0.opens) },
            sessions: sessions)
    }

    func setUninstallProtection(_ enabled: Bool) throws { adapter.setUninstallProtection(enabled) }
}
