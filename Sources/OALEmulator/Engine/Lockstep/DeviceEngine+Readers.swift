import Foundation
import OALPlatform

/// Tags and codes the person holds to the phone (issue 38): iOS hands one
/// to the app in front when its own reader is up (an NFC session's sheet,
/// a scanner on its screen); otherwise the device reads it itself
/// (background tag reading runs Shortcuts automations, the Camera offers a
/// code's link) (docs/PLATFORM.md, "NFC and codes").
extension DeviceEngine {
    /// `nfc scan TAG`: traced `user.nfc`; read by the app's session when it
    /// has one up, else it triggers the automations of that tag.
    func scanTag(_ step: ScenarioStep, tag: String) throws {
        trace.record("user.nfc", at: now, ["tag": tag])
        guard try holdUpToApp(step, HeldUp(reader: "nfc", value: tag)) == false else { return }
        try runAutomations(triggeredBy: .nfcTag(id: tag))
    }

    /// Offers `held` to the app in front, whose loop traces what its reader
    /// made of it (`scan.received`). True when the app's reader took it
    /// (a refusal, the app's answer to a wrong tag, is traced, not a
    /// failed step); false when no app is in front or it has no reader of
    /// that kind up.
    func holdUpToApp(_ step: ScenarioStep, _ held: HeldUp) throws -> Bool {
        guard state.frontmost == Self.openAppLock, loop.loopAlive else { return false }
        guard let result = try deliverToScreen(ScreenTap(id: state.stepsDone + 1, holdUp: held)) else {
            record(step, ExpectationVerdict(ok: false, detail: "\(held.reader) \(held.value): the app did not answer"))
            return true
        }
        guard !result.hasPrefix(ScreenTap.unreadPrefix) else { return false }
        try openRequestedURLs()
        return true
    }
}
