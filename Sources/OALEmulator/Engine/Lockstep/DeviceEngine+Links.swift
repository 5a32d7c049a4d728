import Foundation
import OALPlatform

/// Links the person taps in another app (Messages, Safari): iOS opens the
/// installed app that answers the URL (its scheme, or a universal link of
/// its associated domains), else the browser; the app's own links reach
/// its scene's `onOpenURL` (docs/PLATFORM.md, "URLs").
extension DeviceEngine {
    /// `link open URL`: traced `user.link` with the app that answers and
    /// how. Another app is opened `via` url, with the automations its open
    /// triggers; the guest app is brought to the front and its running
    /// process handed the URL through the hand-shake (`ScreenTap` with a
    /// URL), where it traces `url.received`. No app answering, the app not
    /// coming forward or refusing the URL fails the step.
    func openLink(_ step: ScenarioStep, url text: String) throws {
        let catalog = try view.catalog()
        let appName = catalog.apps.first { $0.bundleIdentifier == Self.openAppLock }?.name ?? "OpenAppLock"
        let links = run.guest?.links
        let handlers = URLHandlers.installed(
            apps: catalog.apps.map(\.name), guestApp: appName, guestSchemes: links?.schemes ?? [],
            guestHosts: links?.hosts ?? [])
        guard let url = URL(string: text), let (app, route) = handlers.route(url) else {
            trace.record("user.link", at: now, ["url": text, "app": "", "route": "none"])
            record(step, ExpectationVerdict(ok: false, detail: "link open: no installed app opens \(text)"))
            return
        }
        trace.record("user.link", at: now, ["url": text, "app": app, "route": route.rawValue])
        guard app == appName else { return try open(app, for: nil, via: "url") }
        guard appAvailable(for: "link open \(text)") else { return }
        try open(app, for: nil, via: "url")
        guard state.frontmost == Self.openAppLock, loop.loopAlive else {
            record(step, ExpectationVerdict(ok: false, detail: "link open: \(app) did not come to the front"))
            return
        }
        guard let result = try deliverToScreen(ScreenTap(id: state.stepsDone + 1, openURL: text)) else {
            record(step, ExpectationVerdict(ok: false, detail: "link open: \(app) did not answer \(text)"))
            return
        }
        if result.hasPrefix("refused: ") {
            record(step, ExpectationVerdict(ok: false, detail: "link open \(text): \(result)"))
        }
        try openRequestedURLs()
    }

    /// `qr scan TEXT` (traced `user.qr`): the scanner the app in front has
    /// up reads it (`holdUpToApp`); with none, the Camera reads the code: a
    /// URL is offered as a banner the person taps, and opens as a tapped
    /// link (Foqos's profile codes are its links); other text opens nothing.
    func scanWithCamera(_ step: ScenarioStep, code: String) throws {
        let isLink = URL(string: code)?.scheme != nil
        trace.record("user.qr", at: now, ["code": code, "link": isLink ? "yes" : "no"])
        guard try holdUpToApp(step, HeldUp(reader: "camera", value: code)) == false else { return }
        if isLink { try openLink(step, url: code) }
    }
}
