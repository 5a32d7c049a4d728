import Foundation
import OALDomain

/// Another implementation of the app's enforcement, plugged under the same
/// taps: guest mode (docs/GUEST.md) runs the real app's `RuleEnforcer` here
/// while `oal-app`'s command lines, its database (`<root>/app/rules.json`,
/// the screen the user sees) and its Hard Mode gates stay the emulator's.
public protocol AppEnforcementHook: AnyObject {
    /// Enforces `database` (a rule change, launch, or a tick of the 30 s
    /// loop; `cause` says which).
    func reconcile(_ database: AppDatabase, cause: String) throws
    /// Today's usage and live sessions as this implementation keeps them,
    /// for the policy gates (Hard Mode) and the screens.
    func inputs() throws -> EnforcementInputs
    /// The Settings screen's Uninstall Protection switch.
    func setUninstallProtection(_ enabled: Bool) throws
}
