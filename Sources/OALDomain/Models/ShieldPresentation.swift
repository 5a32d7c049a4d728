import Foundation

/// The text of one shield. Rule names never appear: when several rules
/// cover an app, which one a shield "belongs" to cannot be told reliably.
public struct ShieldPresentation: Hashable, Codable, Sendable {
    public static let title = "App Blocked"
    public static let genericSubtitle = "This app is blocked by OpenAppLock."
    /// "Close" rather than "OK": the button dismisses the blocked app, and
    /// the label should say so.
    public static let primaryButtonLabel = "Close"

    public var title: String
    public var subtitle: String
    public var primaryButtonLabel: String
    /// "Open (Y left)" when Open is offered, otherwise nil (no button).
    public var secondaryButtonLabel: String?
    /// What pressing the secondary button may spend; nil when not offered.
    public var openGrant: OpenGrant?

    /// The shield for a subject held by `holders` (from
    /// `ShieldArbitration.holders`).
    public init(holders: [ShieldCandidate]) {
        self.init(openGrant: ShieldArbitration.openGrant(holders: holders))
    }

    public init(openGrant: OpenGrant?) {
        title = Self.title
        primaryButtonLabel = Self.primaryButtonLabel
        self.openGrant = openGrant
        if let openGrant {
            subtitle = "Opened \(openGrant.opensUsed) of \(openGrant.maxOpens) times today"
            secondaryButtonLabel = "Open (\(openGrant.opensLeft) left)"
        } else {
            subtitle = Self.genericSubtitle
            secondaryButtonLabel = nil
        }
    }
}
