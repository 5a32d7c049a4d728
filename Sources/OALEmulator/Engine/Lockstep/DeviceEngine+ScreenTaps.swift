import Foundation
import OALPlatform

/// Taps on the running app's screen, and the URLs its code asks to open
/// (issue 37): a package's pause screen is state in the app's memory, so
/// its buttons are tapped in the process that shows it, as on iOS.
extension DeviceEngine {
    /// `tap BUTTON [twice]`: delivered to the app's foreground loop through
    /// the hand-shake (`ScreenTap`), traced `user.tap` with what the app
    /// did; a tap with the app not in front, or one the app refuses, fails
    /// its step. URLs the tap opened are then opened.
    func tapOnScreen(_ step: ScenarioStep, button: String, times: Int) throws {
        guard state.frontmost == Self.openAppLock, loop.loopAlive else {
            record(
                step,
                ExpectationVerdict(
                    ok: false, detail: "tap \(button): the app is not on the screen, so there is no button"))
            return
        }
        guard let result = try deliverToScreen(ScreenTap(id: state.stepsDone + 1, button: button, times: times))
        else {
            record(step, ExpectationVerdict(ok: false, detail: "tap \(button): the app did not answer"))
            return
        }
        trace.record("user.tap", at: now, ["button": button, "times": String(times), "result": result])
        if result.hasPrefix("refused: ") {
            record(step, ExpectationVerdict(ok: false, detail: "tap \(button): \(result)"))
        }
        try openRequestedURLs()
    }

    /// Hands `tap` to the app's running foreground loop and waits for what
    /// the app did; nil when the loop did not answer (it is then closed).
    func deliverToScreen(_ tap: ScreenTap) throws -> String? {
        try loop.publish(frontmost: Self.openAppLock, session: state.foregroundSession, tick: nil, tap: tap)
        guard let result = loop.awaitTap(tap.id) else {
            try stopIfRequested()
            trace.record("loop.timeout", at: now, ["session": String(state.foregroundSession), "tap": tap.button])
            try closeDeadLoop()
            return nil
        }
        return result
    }

    /// Opens, in the order asked, each app a process asked to open by URL
    /// (`UIApplication.open`): traced `url.opened`, then the open itself
    /// (`user.open` `via` url), with the automations it triggers.
    func openRequestedURLs() throws {
        guard URLOpenRequests.exists(on: view.platform.root) else { return }
        for request in try view.platform.urlOpens.drain() {
            trace.record(
                "url.opened", at: now,
                ["url": request.url, "app": request.app, "route": request.route, "from": request.from])
            try open(request.app, for: nil, via: "url")
        }
    }
}
