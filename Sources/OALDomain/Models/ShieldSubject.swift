import Foundation

/// The thing a shield is drawn over.
public enum ShieldSubject: Hashable, Sendable {
    /// An app, with its category from the device catalog if known, so a
    /// category in a selection can cover it.
    case application(ApplicationToken, category: CategoryToken?)
    case webDomain(WebDomainToken)
}
