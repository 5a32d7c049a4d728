/// A button on a shield.
public enum ShieldAction: Hashable, Sendable {
    case primaryButtonPressed
    case secondaryButtonPressed
    case firstSecondarySubmenuItemPressed
    case secondSecondarySubmenuItemPressed
    case thirdSecondarySubmenuItemPressed
}

/// What the ShieldAction extension answers: close the app, keep the shield
/// and re-render it (`defer`), or nothing (the shield's store changed).
public enum ShieldActionResponse: Hashable, Sendable {
    case none
    case close
    case `defer`
}

/// The ShieldAction extension's principal class; the guest subclasses it.
/// The default answers close, as an extension that handles nothing would.
open class ShieldActionDelegate {
    public init() {}

    open func handle(
        action: ShieldAction, for application: ApplicationToken,
        completionHandler: @escaping (ShieldActionResponse) -> Void
    ) {
        completionHandler(.close)
    }

    open func handle(
        action: ShieldAction, for webDomain: WebDomainToken,
        completionHandler: @escaping (ShieldActionResponse) -> Void
    ) {
        completionHandler(.close)
    }

    open func handle(
        action: ShieldAction, for category: ActivityCategoryToken,
        completionHandler: @escaping (ShieldActionResponse) -> Void
    ) {
        completionHandler(.close)
    }
}
