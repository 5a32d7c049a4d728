import Foundation
import OALDomain
import OALPlatform
import OALProcesses
import OALScenario

extension Oracle {
    /// The user's Uninstall Protection switch, from the taps the device saw
    /// succeed (`oal-app settings uninstall-protection on|off`, exit 0).
    func noteSettingTap(_ argv: [String]) {
        guard argv.count >= 3, argv[0] == "settings", argv[1] == "uninstall-protection" else { return }
        spec.uninstallProtection = argv[2] == "on"
        spec.settingsDamagedAt = nil
    }

    /// Spec §6.1: removal is denied exactly while the switch is on and some
    /// Hard Mode rule of the user's is actively blocking (the spec model's
    /// `hardLocked`), whoever is running: the deadline is the edge itself,
    /// as each edge wakes the monitor, excused only when that rule's
    /// callback is withheld or a launch was killed (`namedReason`).
    func checkUninstallProtection(_ view: OracleView) {
        report.checksRun += 1
        let model = specModel
        let hardMode = userRules.entries.filter { $0.rule.hardMode }
        let blocking =
            spec.uninstallProtection == true
            ? hardMode.filter { model.hardLocked($0.rule, at: now, day: userDay($0, catalog: view.catalog)) } : []
        let denied = view.effective.appRemovalDenied
        let key = "app-removal"
        guard denied != !blocking.isEmpty else {
            resolved(.uninstallProtection, key: key)
            expectedEnded(.uninstallProtection, key: key)
            spec.since[key] = nil
            return
        }
        let since = spec.since[key] ?? now
        spec.since[key] = since
        let switchText = spec.uninstallProtection == true ? "on" : "off"
        let expected =
            blocking.isEmpty
            ? "app removal allowed (Uninstall Protection \(switchText), no Hard Mode rule blocking)"
            : "app removal denied (Uninstall Protection on, Hard Mode rule \(blocking.map(\.rule.name).joined(separator: ", ")) blocking)"
        let actual = denied ? "denied" : "allowed"
        // The rules whose edge this is: the blocking ones, or (a block that
        // ended) every Hard Mode rule.
        let concerned = blocking.isEmpty ? hardMode : blocking
        if !denied, let damaged = spec.settingsDamagedAt, let first = blocking.first {
            // Only the missing denial: with no Hard Mode rule blocking the
            // app reads no setting, so damage can never keep one.
            expect(
                .uninstallProtection, key: key, ruleID: first.rule.id, ruleName: first.rule.name,
                expected: expected, actual: actual,
                reason: "the App Group defaults, where the Uninstall Protection setting lives, damaged by a fault at "
                    + "\(localText(damaged)): the setting is lost (quarantined) or unreadable (a newer format, never "
                    + "overwritten); deadline: the user's next successful settings tap")
        } else if let excused = concerned.lazy.compactMap({ entry in
            self.namedReason(for: entry.rule, since: since).map { (entry, $0) }
        }).first {
            expect(
                .uninstallProtection, key: key, ruleID: excused.0.rule.id, ruleName: excused.0.rule.name,
                expected: expected, actual: actual, reason: excused.1)
        } else {
            violate(
                .uninstallProtection, key: key, ruleID: concerned.first?.rule.id, ruleName: concerned.first?.rule.name,
                expected: expected, actual: actual + " (since \(localText(since)))")
        }
    }
}
