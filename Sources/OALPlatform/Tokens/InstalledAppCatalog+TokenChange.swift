import OALDomain

/// An app whose `ApplicationToken` changes under a stored selection: after
/// an OS update, the token the system hands out for an app can be a
/// different opaque value, so a `FamilyActivitySelection` saved before no
/// longer names it (developer forums threads 732845, 756440). Modelled by
/// the `token-change APP` fault (docs/FAULTS.md).
extension InstalledAppCatalog {
    /// Gives the app named `name` a new opaque token and returns the old
    /// and the new one; nil when no such app is installed. The new token
    /// is derived from the old one, so a second change gives a third value
    /// and a replay gives the same ones (byte-for-byte replay).
    public mutating func reissueToken(ofAppNamed name: String) -> (old: ApplicationToken, new: ApplicationToken)? {
        guard let index = apps.firstIndex(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }) else {
            return nil
        }
        let old = apps[index].token
        let new = ApplicationToken(
            OpaqueTokenID.make(kind: "app", key: "\(apps[index].bundleIdentifier)#reissued-from-\(old.id)"))
        apps[index].token = new
        return (old, new)
    }
}
