import Foundation
import OALPlatform

/// What the simulated user (or the scenario's checker) does at one instant.
public enum ScenarioAction: Sendable, Hashable {
    /// `app ARGS...`: one tap in the app, run as `oal-app --root R ARGS`.
    /// It must exit 0; anything else counts as a failed expectation.
    case app(arguments: [String])
    /// `app usage-report RULE`: the user opens a time limit's "Today's
    /// Usage" page, where the app embeds its DeviceActivityReport: the
    /// device gathers today's activity of the rule's apps and launches the
    /// report extension (`oal-report`), whose rows the oracle judges.
    case usageReport(rule: String)
    /// `open APP [for DURATION]`; OpenAppLock itself runs its foreground loop.
    case open(app: String, duration: TimeInterval?)
    /// `leave`: back to the home screen.
    case leave
    /// `press open|close|secondary|primary on APP [for DURATION]`: a shield
    /// button; DURATION is how long the app stays in front if the press
    /// lets it open.
    case press(ShieldButton, app: String, duration: TimeInterval?)
    /// `expect ...`: checked at that instant, after due callbacks.
    case expect(Expectation)
    /// `fault ...`: a fault injected at that instant (docs/FAULTS.md).
    case fault(Fault)
    /// `authorization revoke|restore`: the user switches the app's Screen
    /// Time access off or on in Settings.
    case authorization(AuthorizationChange)
    /// `notifications allow|deny`: the user switches the app's
    /// notifications on or off in Settings.
    case notifications(NotificationChange)
    /// `shortcut run INTENT [PARAM=VALUE ...]`: the user runs a shortcut
    /// whose action is one of the app's App Intents; iOS runs it in the
    /// app's process, launched for it (`oal-app intent`). It must exit 0.
    case shortcut(intent: String, parameters: [String])
    /// `automation add|remove|disable|enable ...`: the person changes a
    /// Shortcuts personal automation in the Shortcuts app.
    case automation(AutomationChange)
    /// `nfc scan TAG`: the person holds the phone to an NFC tag (an
    /// automation with that tag's trigger runs).
    case nfcScan(tag: String)
    /// `tap BUTTON [twice]`: the person taps a button of the app's screen
    /// while the app is in front (the pause screen's `pay`), delivered to
    /// its running process; `twice`, a double tap.
    case screenTap(button: String, times: Int)
    /// `link open URL`: the person taps a link elsewhere (Messages,
    /// Safari): the installed app that answers it opens; the app's own
    /// links reach its `onOpenURL`.
    case link(url: String)
    /// `qr scan TEXT`: the person points the Camera at a QR code or
    /// barcode holding TEXT; a URL is opened as a tapped link is.
    case cameraScan(code: String)
}

/// A change to the person's Shortcuts personal automations.
public enum AutomationChange: Sendable, Hashable {
    case add(PersonalAutomation)
    case remove(name: String)
    case setEnabled(name: String, Bool)
}

/// What the user does to the app's FamilyControls authorization in
/// Settings (Screen Time, Apps with Screen Time Access).
public enum AuthorizationChange: String, Codable, Sendable, Hashable {
    /// Switched off: the status becomes `denied`, and the device honours
    /// none of the app's ManagedSettings stores.
    case revoke
    /// Switched back on: `approved`.
    case restore
}

/// The two buttons of a shield, named as the user sees them.
public enum ShieldButton: String, Sendable {
    /// The secondary button ("Open (N left)"): asks for an open session.
    case open
    /// The primary button: closes the shield.
    case close

    /// The button `oal-shield-action` is told was pressed.
    public var pressed: ShieldPressArguments.Button { self == .open ? .secondary : .primary }

    /// A scenario's word for a button: OpenAppLock's names (`open`, `close`)
    /// or Apple's (`secondary`, `primary`), for an app whose primary button
    /// is not the way out (Foqos unlocks with it).
    public init?(word: String) {
        switch word {
        case "open", "secondary": self = .open
        case "close", "primary": self = .close
        default: return nil
        }
    }
}

/// What the user does to the app's notifications in Settings
/// (Notifications, the app, Allow Notifications).
public enum NotificationChange: String, Codable, Sendable, Hashable {
    /// Switched on: the status becomes `authorized`.
    case allow
    /// Switched off: `denied`; nothing of the app is shown.
    case deny
}
