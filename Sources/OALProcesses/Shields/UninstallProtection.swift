import Foundation
import OALDomain
import OALPlatform
import OALStore
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
    ///
    /// The setting is read only while some Hard Mode rule blocks: with none,
    /// removal is allowed whatever it says, so damaged group defaults never
    /// keep a denial past the block (explore seeds 123, 337). A damaged
    /// setting is lost (quarantined: read again, as never set); one of a
    /// newer format cannot be read, and the store is left as it is.
    @discardableResult
    public func reconcile(rules: [Rule], inputs: EnforcementInputs, cause: String) throws -> Bool {
        let store = try context.platform.managedSettings.store(named: Self.storeName)
        let locked = RulePolicy.shouldDenyAppRemoval(
            rules: rules, enabled: true, usageFor: inputs.usage(of:), at: inputs.now, calendar: inputs.calendar)
        let deny: Bool
        if !locked {
            deny = false
        } else if let enabled = try setting(cause: cause) {
            deny = enabled
        } else {
            return try store.settings().denyAppRemoval == true
        }
        let desired: Bool? = deny ? true : nil
        if try store.settings().denyAppRemoval != desired {
            try store.update { $0.denyAppRemoval = desired }
            context.record(
                deny ? "shield.set" : "shield.clear",
                ["store": Self.storeName, "setting": "denyAppRemoval", "cause": cause])
        }
        return deny
    }

    /// The Uninstall Protection setting; nil when it cannot be read (a
    /// newer format, never overwritten), traced.
    private func setting(cause: String) throws -> Bool? {
        do {
            return try stores.defaults.uninstallProtectionEnabled()
        } catch StoreError.corrupt {
            // Quarantined by that read: the setting is gone, as if never set.
            return try stores.defaults.uninstallProtectionEnabled()
        } catch let error as StoreError {
            guard case .newerFormat = error else { throw error }
            context.record(
                "uninstall-protection.unknown", ["store": GroupDefaults.storeName, "cause": cause])
            return nil
        }
    }
}
