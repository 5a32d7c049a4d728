import OALScenario

/// What the ShieldAction extension answered one button press, read from
/// `oal-shield-action`'s exit status and first line (docs/PROCESSES.md):
/// the primary button prints the `ShieldActionResponse` (`close`, `defer`,
/// `none`); the secondary (Open) button prints `granted ...` (exit 0, the
/// extension answered `.none`) or `denied: REASON` (exit 2), REASON being
/// the guest's `defer` or `close`, or the emulator's own app's refusal.
struct ShieldPressReply: Equatable {
    enum Response: String {
        case none
        case close
        case `defer`
    }

    /// What the device does next, as Apple documents each response.
    enum Effect: Equatable {
        /// `.close`: "Close the current application": the home screen.
        case home
        /// The shield is drawn again: a new configuration launch.
        case redraw
        /// The shield stays up as it is.
        case stay
        /// No store shields the app any more: it comes to the front.
        case openApp
    }

    var response: Response
    /// The Open button's outcome (granted: exit 0); nil for the primary.
    var granted: Bool?

    init?(button: ShieldButton, exitCode: Int32?, firstLine: String) {
        switch (button, exitCode) {
        case (.close, 0):
            guard let response = Response(rawValue: firstLine) else { return nil }
            self.response = response
        case (.open, 0):
            guard firstLine.hasPrefix("granted ") else { return nil }
            (response, granted) = (.none, true)
        case (.open, 2):
            guard firstLine.hasPrefix("denied: ") else { return nil }
            // A refusal that is not a response word is the emulator's own
            // app saying no: nothing more happens, as after `.none`.
            (response, granted) = (Response(rawValue: String(firstLine.dropFirst(8))) ?? .none, false)
        default:
            return nil
        }
    }

    /// - Parameters:
    ///   - stillShielded: whether a store shields the app after the press.
    ///   - shieldersChanged: whether the stores shielding it changed.
    func effect(stillShielded: Bool, shieldersChanged: Bool) -> Effect {
        switch response {
        case .close:
            // Apple: `close` "closes the current application" even when the
            // press lifted the shield (Foqos grants and closes).
            return .home
        case .defer:
            // Apple: "refresh the shield's configuration"; a shield gone
            // meanwhile leaves the app itself.
            return stillShielded ? .redraw : .openApp
        case .none:
            // Apple: "perform no additional action"; the app's own change
            // shows: a lifted shield opens the app, a changed one redraws.
            if !stillShielded { return .openApp }
            return shieldersChanged ? .redraw : .stay
        }
    }
}
