import Foundation
import OALScenario
import Testing

@testable import OALEmulator

/// What the device does after a shield button, from the ShieldAction
/// extension's `ShieldActionResponse` (docs/PLATFORM.md, "ManagedSettings").
@Suite struct ShieldPressReplyTests {
    private func effect(
        _ button: ShieldButton, _ code: Int32, _ line: String, shielded: Bool = true, changed: Bool = false
    ) -> ShieldPressReply.Effect? {
        ShieldPressReply(button: button, exitCode: code, firstLine: line)?.effect(
            stillShielded: shielded, shieldersChanged: changed)
    }

    /// https://developer.apple.com/documentation/managedsettings/shieldactionresponse/close:
    /// "Close the current application or browser" — on either button.
    @Test func closeGoesHomeOnEitherButton() {
        #expect(effect(.close, 0, "close") == .home)
        #expect(effect(.open, 2, "denied: close") == .home)
        #expect(ShieldPressReply(button: .open, exitCode: 2, firstLine: "denied: close")?.granted == false)
    }

    /// https://developer.apple.com/documentation/managedsettings/shieldactionresponse/defer:
    /// "Defer the result of the action and refresh the shield's
    /// configuration" — a new configuration launch, on either button; an
    /// app no store shields any more opens.
    @Test func deferRedrawsTheShield() {
        #expect(effect(.open, 2, "denied: defer") == .redraw)
        #expect(effect(.close, 0, "defer") == .redraw)
        #expect(effect(.close, 0, "defer", shielded: false) == .openApp)
    }

    /// https://developer.apple.com/documentation/managedsettings/shieldactionresponse/none:
    /// "Perform no additional action": the shield stays, unless the app's
    /// own change lifted it (then the app opens) or changed who shields it
    /// (then it is drawn again, as the system redraws a changed shield).
    @Test func noneDoesNothingMore() {
        #expect(effect(.close, 0, "none") == .stay)
        #expect(effect(.close, 0, "none", shielded: false) == .openApp)
        #expect(effect(.open, 0, "granted A until 2026-11-30T10:00:00Z", shielded: false) == .openApp)
        #expect(effect(.open, 0, "granted A until 2026-11-30T10:00:00Z", changed: true) == .redraw)
        // The emulator's own app refuses an Open press with its reason: the
        // shield stays.
        #expect(effect(.open, 2, "denied: no opens left today") == .stay)
    }

    @Test func anAnswerOutsideTheProtocolIsNoReply() {
        #expect(ShieldPressReply(button: .close, exitCode: 0, firstLine: "maybe") == nil)
        #expect(ShieldPressReply(button: .open, exitCode: 70, firstLine: "") == nil)
        #expect(ShieldPressReply(button: .close, exitCode: 2, firstLine: "denied: close") == nil)
    }
}
