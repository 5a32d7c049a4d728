import Foundation
import OALPlatform
import OALScenario

/// The app's Screen Time access switched off or on in Settings: by the
/// user (a scenario step) or by a fault (`authorization revoke [for D]`).
extension DeviceEngine {
    /// Writes the status every process and the device read, and traces it
    /// (`familycontrols.authorization`, with its cause), which the oracle
    /// learns from. While it is not approved the device honours none of the
    /// app's stores (`ManagedSettingsDirectory.effective()`), so the shields
    /// go as the step's event ends, and come back on `restore`.
    func setAuthorization(_ change: AuthorizationChange, cause: String = "user") throws {
        let status: FamilyControlsAuthorization.Status = change == .revoke ? .denied : .approved
        do {
            try view.platform.authorization.update { $0 = status }
        } catch {
            throw EngineError.io("authorization \(change.rawValue): cannot write the app's authorization: \(error)")
        }
        trace.record("familycontrols.authorization", at: now, ["status": "\(status)", "cause": cause])
    }
}
