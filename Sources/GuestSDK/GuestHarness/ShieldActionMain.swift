import Foundation
import ManagedSettings
import OALDomain
import OALPlatform
import OALProcesses
import OALSystem

/// `guest-shield-action`: the command line of `oal-shield-action`, calling
/// the guest's `ShieldActionDelegate`. Its completion handler becomes the
/// exit status and the printed response, in the words the emulated OS
/// already reads (docs/PROCESSES.md):
///
/// - `primary`: exit 0, prints the response (`close`, `defer`, `none`).
/// - `secondary` answered `.none` (the shield's store changed: an open was
///   granted): exit 0, `granted RULE-IDS until TIME`. The rules are read
///   from the device's side, not taken from the guest: the `rule-<UUID>`
///   stores that shielded the app before the press and no longer do
///   (`-` when none). TIME is the spec's 15-minute session from the press.
/// - `secondary` answered `.defer` or `.close`: exit 2, `denied: defer`
///   or `denied: close`.
/// - a completion handler never called within 10 s: exit 70.
///
/// The device reads the response and does what Apple says it does
/// (`OALEmulator`'s `ShieldPressReply`): `.close` goes home, `.defer`
/// redraws the shield, `.none` does nothing more.
public enum ShieldActionMain {
    public static func run(_ info: GuestBuildInfo, makeDelegate: () -> ShieldActionDelegate) -> Never {
        let usage = """
            usage: guest-shield-action --root DIR application TOKEN primary|secondary [--json]

            The guest's ShieldAction extension: one button press (the command
            line of oal-shield-action).
            """
        var principal: ShieldActionDelegate?
        ProcessMain.run(tool: "guest-shield-action", kind: .shieldAction, usage: usage, spec: ArgumentSpec()) {
            context, args in
            let press = try ShieldPressArguments(parsing: args)
            let token = press.token
            let button = press.button.rawValue
            let action: ShieldAction =
                switch press.button {
                case .primary: .primaryButtonPressed
                case .secondary: .secondaryButtonPressed
                }
            info.install(context)
            let now = try context.now()
            let before = try holders(of: token, context: context)
            // One principal object per process, as iOS keeps the extension's:
            // a warm process (`--serve`) hands it every callback it serves.
            let delegate = principal ?? makeDelegate()
            principal = delegate
            let box = MainActorBridge.Box<ShieldActionResponse>()
            let subject = try ShieldSubjectResolver(context: context).resolve(kind: "application", token: token)
            dispatch(action, subject: subject, to: delegate) { box.value = $0 }
            let response = MainActorBridge.wait(
                for: box, timeout: 10, what: "the ShieldActionDelegate's completion handler")
            let word = Self.word(response)
            context.record("shield.response", ["token": token, "button": button, "response": word])
            if action == .primaryButtonPressed {
                print(word)
                return .done
            }
            guard response == .none else {
                print("denied: \(word)")
                return .refused
            }
            let lifted = before.subtracting(try holders(of: token, context: context)).sorted()
            let until = TimeFormat.iso(now.addingTimeInterval(15 * 60))
            print("granted \(lifted.isEmpty ? "-" : lifted.joined(separator: ",")) until \(until)")
            return .done
        }
    }

    /// Calls the overload iOS calls for `subject`: the `for category:` one
    /// when the app is shielded only because of its category (as the
    /// configuration extension gets `in category:`), the `for webDomain:`
    /// one for a web domain, else the `for application:` one.
    static func dispatch(
        _ action: ShieldAction, subject: ShieldSubjectResolver.Subject, to delegate: ShieldActionDelegate,
        completion: @escaping (ShieldActionResponse) -> Void
    ) {
        // The resolver always sets the tokens it read from the command line.
        switch subject {
        case .application(let application, let category, let byCategory):
            if byCategory, let token = category?.token {
                delegate.handle(action: action, for: token, completionHandler: completion)
            } else {
                delegate.handle(
                    action: action, for: application.token ?? ApplicationToken(catalogID: ""),
                    completionHandler: completion)
            }
        case .webDomain(let domain):
            delegate.handle(
                action: action, for: domain.token ?? WebDomainToken(catalogID: ""), completionHandler: completion)
        }
    }

    static func word(_ response: ShieldActionResponse) -> String {
        switch response {
        case .none: "none"
        case .close: "close"
        case .defer: "defer"
        }
    }

    /// The rule ids (`rule-<UUID>` stores) shielding the app now.
    private static func holders(of token: String, context: ProcessContext) throws -> Set<String> {
        let catalog = try context.platform.catalog.catalog()
        let app = OALDomain.ApplicationToken(token)
        let stores = try context.platform.managedSettings.effective().storesShielding(
            app, category: catalog.app(app)?.category)
        return Set(stores.filter { $0.hasPrefix("rule-") }.map { String($0.dropFirst(5)) })
    }
}
