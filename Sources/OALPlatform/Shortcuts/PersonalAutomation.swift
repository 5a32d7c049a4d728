import Foundation

/// A Shortcuts personal automation: a trigger, and the App Intent it runs
/// (issue 37; docs/PLATFORM.md, "Shortcuts"). Made in the Shortcuts app by
/// the person, so here by a scenario step (`automation add`).
public struct PersonalAutomation: Codable, Hashable, Sendable {
    /// What makes it run.
    public enum Trigger: Codable, Hashable, Sendable, CustomStringConvertible {
        /// "App is opened": every open of the app, a return to it included.
        case appOpened(app: String)
        /// "NFC": a scan of the tag with this identifier.
        case nfcTag(id: String)
        /// "Time of Day": every day at this time on the device's clock, in
        /// its zone at the time.
        case timeOfDay(hour: Int, minute: Int)

        public var description: String {
            switch self {
            case .appOpened(let app): "app-opened \(app)"
            case .nfcTag(let id): "nfc-tag \(id)"
            case .timeOfDay(let hour, let minute): "time-of-day " + String(format: "%02d:%02d", hour, minute)
            }
        }
    }

    public var name: String
    public var trigger: Trigger
    /// The App Intent of the app it runs, and the values of its parameters.
    public var intent: String
    public var parameters: [String]
    /// "Run Immediately" (otherwise "Run After Confirmation": iOS asks with
    /// a notification first, which the simulated person never taps).
    public var runImmediately: Bool
    /// "Notify When Run": a notification says it ran.
    public var notifyWhenRun: Bool
    /// Switched off in the Shortcuts app (it stays, and does not run).
    public var enabled: Bool

    public init(
        name: String, trigger: Trigger, intent: String, parameters: [String], runImmediately: Bool = true,
        notifyWhenRun: Bool = false, enabled: Bool = true
    ) {
        self.name = name
        self.trigger = trigger
        self.intent = intent
        self.parameters = parameters
        self.runImmediately = runImmediately
        self.notifyWhenRun = notifyWhenRun
        self.enabled = enabled
    }
}
