import Foundation

/// The app's Screen Time access, switched off and on by the user
/// (`authorization revoke|restore`): a platform fact no design beats.
/// Revoked, iOS honours none of the app's stores; restored, the stores come
/// back as they were, and what the app could not write while revoked (its
/// writes had no effect, docs/PLATFORM.md "FamilyControls") is right again
/// only after it next refreshes.
extension Oracle {
    func learnAuthorization(approved: Bool) {
        if approved {
            facts.authorizationRevokedAt = nil
            facts.authorizationRestoredAt = now
        } else if facts.authorizationRevokedAt == nil {
            facts.authorizationRevokedAt = now
        }
    }

    /// The reason excusing every rule's divergence while the access is off,
    /// and after it is back, when a write was lost meanwhile, until the
    /// app's next refresh.
    func authorizationReason() -> String? {
        if let revoked = facts.authorizationRevokedAt {
            return "the app's Screen Time access is off since \(localText(revoked)) (FamilyControls authorization "
                + "not approved): iOS honours none of its ManagedSettings stores; deadline: the access restored"
        }
        if facts.authorizationLostWrites, let restored = facts.authorizationRestoredAt {
            return "the app's Screen Time access came back at \(localText(restored)); what it wrote while it was off "
                + "had no effect; deadline: the app's next refresh"
        }
        return nil
    }
}
