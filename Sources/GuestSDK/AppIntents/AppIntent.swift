/// An action the app offers to Shortcuts, Siri and automations.
/// https://developer.apple.com/documentation/appintents/appintent
///
/// The emulated iOS runs one in the app's own process (`IntentRuntime`):
/// it makes the intent with `init()`, sets its parameters, resolves its
/// dependencies, then calls `perform()` with the intent's mode in
/// `systemContext`.
public protocol AppIntent: Sendable {
    associatedtype PerformResult: IntentResult

    static var title: LocalizedStringResource { get }
    static var description: IntentDescription? { get }
    /// Before iOS 26: whether running the intent opens the app.
    static var openAppWhenRun: Bool { get }
    /// iOS 26: where `perform()` may run (`IntentModes`).
    static var supportedModes: IntentModes { get }

    init()

    func perform() async throws -> PerformResult
}

extension AppIntent {
    public static var description: IntentDescription? { nil }
    public static var openAppWhenRun: Bool { false }

    /// Apple's default follows `openAppWhenRun`: the foreground when it is
    /// set, else the background (a stated model: the documentation gives
    /// no default; docs/PLATFORM.md).
    public static var supportedModes: IntentModes { openAppWhenRun ? .foreground : .background }

    /// The running intent's context, from the runtime that runs it.
    /// https://developer.apple.com/documentation/appintents/appintent/systemcontext
    public var systemContext: IntentSystemContext { IntentSystemContext(currentMode: IntentRuntime.currentMode) }

    /// Brings the app to the foreground from a background run.
    /// https://developer.apple.com/documentation/appintents/appintent/continueinforeground(_:alwaysconfirm:)
    /// Throws when the app cannot come forward now (the device's
    /// `intent foreground-refused` fault, or no runtime: `perform()`
    /// called directly, as in a unit test).
    public func continueInForeground(_ dialog: IntentDialog? = nil, alwaysConfirm: Bool = true) async throws {
        try await IntentRuntime.continueInForeground(
            intent: String(describing: Self.self), supportedModes: Self.supportedModes, dialog: dialog,
            alwaysConfirm: alwaysConfirm)
    }

    /// The error that, thrown from `perform()`, asks to continue in the
    /// foreground. https://developer.apple.com/documentation/appintents/appintent/needstocontinueinforegrounderror(_:alwaysconfirm:)
    public func needsToContinueInForegroundError(_ dialog: IntentDialog? = nil, alwaysConfirm: Bool = true)
        -> AppIntentError
    {
        AppIntentError(.needsToContinueInForeground, dialog: dialog)
    }
}

/// What the system tells a running intent about its run.
/// https://developer.apple.com/documentation/appintents/intentsystemcontext
public struct IntentSystemContext: Sendable {
    public let currentMode: IntentModes.Current
}

/// An intent that starts, updates or ends a Live Activity (Foqos's start
/// intent). It runs as any other here: Live Activities are off on the
/// emulated device (ActivityKit).
/// https://developer.apple.com/documentation/appintents/liveactivityintent
public protocol LiveActivityIntent: AppIntent {}

/// The errors the App Intents runtime hands an intent.
/// https://developer.apple.com/documentation/appintents/appintenterror
public struct AppIntentError: Error, Sendable, CustomStringConvertible {
    public enum Code: String, Sendable {
        /// Thrown from `perform()` to continue in the foreground.
        case needsToContinueInForeground
        /// The app could not come to the foreground.
        case foregroundUnavailable
        /// The intent's mode does not allow what was asked.
        case unsupportedMode
    }

    public let code: Code
    public let message: String
    public let dialog: IntentDialog?

    public init(_ code: Code, message: String = "", dialog: IntentDialog? = nil) {
        self.code = code
        self.message = message
        self.dialog = dialog
    }

    public var description: String { message.isEmpty ? "AppIntentError.\(code.rawValue)" : message }
}
