import Foundation
import OALOracle
import OALPlatform
import OALScenario
import Testing

/// Foqos's documented behaviour as the oracle's model (docs/FOQOS_SPEC.md,
/// `FoqosModel`): handed the device's side of a trace, it says which apps
/// must be shielded and which check a difference breaks.
@Suite("Foqos model")
struct FoqosModelTests {
    static let start = Date(timeIntervalSince1970: 1_796_029_200)  // 2026-11-30 09:00 UTC

    static func at(_ minutes: Double) -> Date { start.addingTimeInterval(minutes * 60) }

    static func event(_ minutes: Double, _ name: String, _ fields: [String: String]) -> TraceEvent {
        TraceEvent(
            time: TraceEvent.timestamp(at(minutes)), process: .device, pid: 1, launch: nil, event: name, fields: fields)
    }

    static func add(_ minutes: Double, _ args: String) -> TraceEvent {
        event(minutes, "user.app", ["args": "profile add " + args, "status": "0"])
    }

    static func tap(_ minutes: Double, _ button: String) -> TraceEvent {
        event(minutes, "user.tap", ["button": button, "result": "whatever the app said"])
    }

    static func nfc(_ minutes: Double, _ tag: String) -> TraceEvent { event(minutes, "user.nfc", ["tag": tag]) }

    func model(_ events: [TraceEvent]) -> FoqosModel {
        var model = FoqosModel()
        model.learn(events)
        return model
    }

    /// An NFC profile: started by a tag; another tag does not stop it
    /// (`foqos-start-stop` if it did); the same tag does.
    @Test func aPhysicalProfileStopsOnlyWithTheTagThatStartedIt() {
        var events = [
            Self.add(0, "Desk --apps Instagram strategy=nfc"), Self.tap(1, "start:Desk"), Self.nfc(1, "desk"),
        ]
        #expect(model(events).expected(at: Self.at(2)).blocked == ["Instagram"])
        events += [Self.tap(10, "stop"), Self.nfc(10, "kitchen")]
        let refused = model(events).expected(at: Self.at(11))
        #expect(refused.blocked == ["Instagram"] && refused.check == .foqosStartStop && refused.unjudged == nil)
        events += [Self.tap(12, "stop"), Self.nfc(12, "desk")]
        let stopped = model(events).expected(at: Self.at(13))
        #expect(stopped.blocked.isEmpty && stopped.check == .foqosStartStop)
    }

    /// A strict profile's unlock tag alone stops it (`foqos-strict`).
    @Test func aStrictProfileStopsOnlyWithItsUnlockTag() {
        var events = [
            Self.add(0, "Strict --apps Instagram strategy=nfc unlock-nfc=desk"), Self.tap(1, "start:Strict"),
            Self.nfc(1, "kitchen"), Self.tap(5, "stop"), Self.nfc(5, "kitchen"),
        ]
        let refused = model(events).expected(at: Self.at(6))
        #expect(refused.blocked == ["Instagram"] && refused.check == .foqosStrict)
        events += [Self.tap(7, "stop"), Self.nfc(7, "desk")]
        #expect(model(events).expected(at: Self.at(8)).blocked.isEmpty)
    }

    /// A tag held after the NFC sheet's 60 seconds is not read by it.
    @Test func aSheetPastItsMinuteReadsNothing() {
        let events = [
            Self.add(0, "Desk --apps Instagram strategy=nfc"), Self.tap(1, "start:Desk"), Self.nfc(3, "desk"),
        ]
        #expect(model(events).expected(at: Self.at(4)).blocked.isEmpty)
    }

    /// A timer chosen on the duration sheet ends on time (`foqos-timer`);
    /// its end minute is not judged.
    @Test func aTimerEndsOnTime() {
        let events = [
            Self.add(0, "Focus --apps Instagram strategy=nfctimer"), Self.tap(1, "start:Focus"),
            Self.tap(1, "minutes:30"),
        ]
        let timer = model(events)
        #expect(timer.expected(at: Self.at(30)).blocked == ["Instagram"])
        #expect(timer.expected(at: Self.at(31.5)).unjudged != nil)
        let after = timer.expected(at: Self.at(32))
        #expect(after.blocked.isEmpty && after.check == .foqosTimer && after.unjudged == nil)
        // Beyond the slider (15 minutes to a day): no session.
        let short = model([
            Self.add(0, "Focus --apps Instagram strategy=nfctimer"), Self.tap(1, "start:Focus"),
            Self.tap(1, "minutes:3"),
        ])
        #expect(short.expected(at: Self.at(2)).blocked.isEmpty)
    }

    /// A break lifts the shields for the allowance (`foqos-break`); a pause
    /// timer's tag pauses it for the chosen minutes, a tag during the pause
    /// ends it (`foqos-pause`).
    @Test func aBreakAndAPauseBlockAgainAtTheirEnd() {
        let breaking = model([
            Self.add(0, "Work --apps Instagram --minutes 10"),
            Self.event(1, "user.app", ["args": "profile start Work", "status": "0"]),
            Self.event(5, "user.app", ["args": "profile break", "status": "0"]),
        ])
        #expect(breaking.expected(at: Self.at(14)).blocked.isEmpty)
        let back = breaking.expected(at: Self.at(16))
        #expect(back.blocked == ["Instagram"] && back.check == .foqosBreak)
        var events = [
            Self.add(0, "Pausable --apps Instagram strategy=nfcpausetimer"), Self.tap(1, "start:Pausable"),
            Self.tap(1, "minutes:10"), Self.tap(5, "stop"), Self.nfc(5, "desk"),
        ]
        #expect(model(events).expected(at: Self.at(14)).blocked.isEmpty)
        let resumed = model(events).expected(at: Self.at(16))
        #expect(resumed.blocked == ["Instagram"] && resumed.check == .foqosPause)
        events += [Self.tap(20, "stop"), Self.nfc(20, "desk"), Self.tap(22, "stop"), Self.nfc(22, "desk")]
        #expect(model(events).expected(at: Self.at(40)).blocked.isEmpty)
    }

    /// A killed process leaves what it did unknown, and no later start
    /// tells (Foqos refuses one while a session is on): nothing is judged
    /// for the rest of the run.
    @Test func aKillLeavesTheModelUnsureForTheRestOfTheRun() {
        var events = [
            Self.add(0, "Work --apps Instagram"),
            Self.event(1, "user.app", ["args": "profile start Work", "status": "signal 9"]),
        ]
        #expect(model(events).expected(at: Self.at(2)).unjudged != nil)
        events.append(Self.event(3, "user.app", ["args": "profile start Work", "status": "0"]))
        #expect(model(events).expected(at: Self.at(4)).unjudged != nil)
        #expect(model(Array(events.prefix(1))).expected(at: Self.at(4)).unjudged == nil)
    }

    /// Strategy names as the harness takes them: the id, or the short name.
    @Test func strategiesAreKnownByIdAndShortName() {
        let events = [
            Self.add(0, "A --apps X strategy=QRCodeBlockingStrategy"), Self.add(0, "B --apps Y strategy=qrmanual"),
            Self.add(0, "C --apps Z strategy=nfcsoftunblock"), Self.add(0, "D --apps W strategy=unheard-of"),
        ]
        let profiles = model(events).profiles
        #expect(profiles["A"]?.family == .physical && profiles["A"]?.reader == "camera")
        #expect(profiles["B"]?.family == .physicalStop && profiles["C"]?.family == .temporaryAccess)
        #expect(profiles["D"] == nil)
    }

    static func press(_ minutes: Double, _ app: String, button: String = "close") -> TraceEvent {
        event(minutes, "user.press", ["app": app, "button": button, "status": "0", "result": "close"])
    }

    /// Temporary access: the shield's unlock button lets one app through
    /// for the minutes chosen on the sheet, as many times as the opens
    /// chosen; then it is shielded again (`foqos-temporary-access`); the
    /// session's tag ends it.
    @Test func temporaryAccessLetsThroughThePromisedOpensAndNoMore() {
        var events = [
            Self.add(0, "Reading --apps Instagram,TikTok strategy=nfcsoftunblock"), Self.tap(1, "start:Reading"),
            Self.tap(1, "access:2,5"), Self.press(5, "Instagram"),
        ]
        let granted = model(events).expected(at: Self.at(6))
        #expect(granted.blocked == ["TikTok"] && granted.check == .foqosTemporaryAccess && granted.unjudged == nil)
        #expect(model(events).expected(at: Self.at(10.5)).unjudged != nil)  // the grant's end minute
        #expect(model(events).expected(at: Self.at(11)).blocked == ["Instagram", "TikTok"])
        events += [Self.press(12, "Instagram", button: "open"), Self.press(13, "TikTok")]
        #expect(model(events).expected(at: Self.at(14)).blocked == ["Instagram"])
        events += [Self.press(20, "Instagram")]
        let spent = model(events).expected(at: Self.at(21))
        #expect(spent.blocked == ["Instagram", "TikTok"] && spent.check == .foqosTemporaryAccess)
        events += [Self.tap(30, "stop"), Self.nfc(30, "any")]
        #expect(model(events).expected(at: Self.at(31)).blocked.isEmpty)
    }

    /// Counts the steppers cannot reach start nothing.
    @Test func temporaryAccessOutsideTheSteppersStartsNothing() {
        let events = [
            Self.add(0, "Reading --apps Instagram strategy=qrsoftunblock"), Self.tap(1, "start:Reading"),
            Self.tap(1, "access:0,5"),
        ]
        #expect(model(events).session == nil)
    }

    /// What a schedule does, the README does not say: from a profile with
    /// one on, nothing is judged, with that reason.
    @Test func aScheduleLeavesTheRestOfTheRunUnjudged() {
        let events = [
            Self.add(0, "Desk --apps Instagram strategy=nfcmanual"), Self.tap(1, "start:Desk"),
            Self.add(5, "Morning --apps TikTok schedule=mon@12:00-12:30"),
        ]
        #expect(model(Array(events.prefix(2))).expected(at: Self.at(4)).blocked == ["Instagram"])
        #expect(model(events).expected(at: Self.at(6)).unjudged?.contains("schedule") == true)
    }

    /// The running screen's break button is the one-shot step's.
    @Test func theScreensBreakButtonTakesABreak() {
        let events = [
            Self.add(0, "Work --apps Instagram --minutes 10"), Self.tap(1, "start:Work"), Self.tap(5, "break"),
        ]
        let onBreak = model(events).expected(at: Self.at(6))
        #expect(onBreak.blocked.isEmpty && onBreak.check == .foqosBreak && onBreak.unjudged == nil)
        #expect(model(events).expected(at: Self.at(16)).blocked == ["Instagram"])
    }
}
