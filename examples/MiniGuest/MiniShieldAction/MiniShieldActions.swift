import ManagedSettings

/// Close closes; Open is always refused (the shield stays, `.defer`).
final class MiniShieldActions: ShieldActionDelegate {
    override func handle(
        action: ShieldAction, for application: ApplicationToken,
        completionHandler: @escaping (ShieldActionResponse) -> Void
    ) {
        completionHandler(action == .primaryButtonPressed ? .close : .defer)
    }
}
