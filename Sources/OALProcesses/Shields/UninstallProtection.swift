import Foundation
import OALDomain
import OALPlatform
import OALSystem

/// Uninstall Protection (spec §6.1): app removal is denied while the
/// setting is on and some Hard Mode rule is actively blocking. It lives on
/// its own store, so no rule's clear can ever relinquish it, and every
/// process that can change what blocks reconciles it: the app's refresh,
/// each monitor callback (a window opens or closes, a budget is spent, a
/// day begins) and each Open press (a last open spent), so it holds with
/// the app closed.
public struct UninstallProtection {
    public static let storeName = "uninstall-protection"

    let context: ProcessContext
    let stores: SharedStores

    public init(context: ProcessContext, stores: SharedStores) {
        self.context = context
        self.stores = stores
    }

    /// Brings the store in line with `rules` and fresh `inputs`; traces a
    /// change only. Returns whether removal is denied now.
    @discardableResult
    public func reconcile(rules: [Rule], inputs: EnforcementInputs, cause: String) throws -> Bool {
        let enabled = try stores.defaults.uninstallProtectionEnabled()
        let deny = RulePolicy.shouldDenyAppRemoval(
            rules: rules, enabled: enabled, usageFor: inputs.usage(of:), at: inputs.now, calendar: inputs.calendar)
        let store = try context.platform.managedSettings.store(named: Self.storeName)
        let desired: Bool? = deny ? true : nil
        if try store.settings().denyAppRemoval != desired {
            try store.update { $0.denyAppRemoval = desired }
            context.record(
                deny ? "shield.set" : "shield.clear",
                ["store": Self.storeName, "setting": "denyAppRemoval", "cause": cause])
        }
        return deny
    }
}
