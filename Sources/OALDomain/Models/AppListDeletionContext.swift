import Foundation

/// Where a delete was asked for; the two screens differ on lists in use.
public enum AppListDeletionContext: Hashable, Sendable {
    /// The rule editor's list picker: a list some rule uses is not
    /// deletable there, so picking a list can never strip another rule.
    case picker
    /// Settings → Manage App Lists: deleting a list in use is allowed and
    /// detaches it from its rules, which are left with no apps.
    case management
}
