// Emulator harness, not the guest's code. The shields the oracle's probe
// hands the app's own enforcer: every call the enforcer makes is kept in
// memory, nothing reaches ManagedSettings. The result is the foreground
// decision (which rules it would shield, whether it would deny app
// removal) without touching the device. Both shapes of `applyShield` are
// here (the adult-content flag left the protocol at 277b4a8); the one the
// commit's protocol lacks is an ordinary method.
import Foundation
import GuestHarness
import OALProcesses

nonisolated final class ProbeShields: ShieldApplying, @unchecked Sendable {
    private let lock = NSLock()
    private var shielded: Set<UUID> = []
    private var denied = false

    func applyShield(ruleID: UUID, selectionData: Data?, mode: SelectionMode) {
        lock.withLock { _ = shielded.insert(ruleID) }
    }

    func applyShield(ruleID: UUID, selectionData: Data?, mode: SelectionMode, blockAdultContent: Bool) {
        lock.withLock { _ = shielded.insert(ruleID) }
    }

    func clearShield(ruleID: UUID) { lock.withLock { _ = shielded.remove(ruleID) } }

    func clearShields(except activeRuleIDs: Set<UUID>) { lock.withLock { shielded.formIntersection(activeRuleIDs) } }

    func setAppRemovalDenied(_ denied: Bool) { lock.withLock { self.denied = denied } }

    var decision: GuestDecision { lock.withLock { GuestDecision(shielded: shielded, appRemovalDenied: denied) } }
}

/// Defaults that read through to the App Group and keep every write in
/// memory: the probe's enforcer confirms day starts like the app's, and
/// none of it reaches the device.
nonisolated final class ProbeDefaults: UserDefaults, @unchecked Sendable {
    private var written: [String: Any] = [:]
    private var removed: Set<String> = []

    override func object(forKey key: String) -> Any? {
        if removed.contains(key) { return nil }
        return written[key] ?? super.object(forKey: key)
    }

    override func set(_ value: Any?, forKey key: String) {
        guard let value else { return removeObject(forKey: key) }
        written[key] = value
        removed.remove(key)
    }

    override func removeObject(forKey key: String) {
        written[key] = nil
        removed.insert(key)
    }
}
