/// Everything one named ManagedSettings store holds. Each setting is
/// optional because nil is meaningful: "this store does not say", which is
/// how a store relinquishes a setting without touching other stores.
public struct StoreSettings: Codable, Hashable, Sendable {
    public var shield: ShieldSettings
    /// `webContent.blockedByFilter = .auto()` when true.
    public var webContentBlockedByFilter: Bool?
    /// Any other `webContent.blockedByFilter` policy (a guest's: lists of
    /// domains, `.specific`, `.all(except:)`, `.none`).
    public var webContentFilter: WebContentFilter?
    /// `application.denyAppRemoval`.
    public var denyAppRemoval: Bool?
    /// `application.denyAppInstallation` (a guest's: the emulated device
    /// installs no apps, so it is kept and read back, never enforced).
    public var denyAppInstallation: Bool?

    public init(
        shield: ShieldSettings = ShieldSettings(), webContentBlockedByFilter: Bool? = nil,
        denyAppRemoval: Bool? = nil
    ) {
        self.shield = shield
        self.webContentBlockedByFilter = webContentBlockedByFilter
        self.denyAppRemoval = denyAppRemoval
    }

    public var isEmpty: Bool {
        shield.isEmpty && webContentBlockedByFilter != true
            && (webContentFilter == nil || webContentFilter == WebContentFilter.none)
            && denyAppRemoval != true && denyAppInstallation != true
    }
}
