import Foundation
import OALOracle
import OALProcesses
import Testing

/// swift-app-intervention's five promises judged on handed data: the
/// package's log and what the device saw (docs/ORACLE.md, "The
/// intervention package's contract").
@Suite("The intervention package's contract, judged on data")
struct InterventionContractTests {
    typealias Run = InterventionContract.Run
    typealias Pause = InterventionContract.Pause

    static let t0 = Date(timeIntervalSince1970: 1_796_000_000)
    static func at(_ seconds: Double) -> Date { t0.addingTimeInterval(seconds) }
    static func stamp(_ seconds: Double) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.string(from: at(seconds))
    }
    static func event(_ kind: String, _ seconds: Double, context: String? = nil, note: String? = nil)
        -> InterventionLog.Event
    {
        InterventionLog.Event(app: "instagram", kind: kind, date: stamp(seconds), context: context, note: note)
    }
    static func run(_ seconds: Double, foreground: Bool, viaURL: Bool = false, status: String = "0") -> Run {
        Run(
            time: at(seconds), app: "instagram", automation: "Pause", foreground: foreground, status: status,
            viaURL: viaURL)
    }
    static func log(_ events: [InterventionLog.Event]) -> InterventionLog {
        InterventionLog(events: events, returnWindowSeconds: 15, maxAgeSeconds: 120)
    }

    /// An open that pauses, a pay, the reopen by URL passed through as the
    /// return: every promise kept.
    static let kept: (InterventionLog, [Run], [Pause]) = (
        log([
            event("opened", 0), event("intervened", 0, context: "C1"), event("proceeded", 60, context: "C1"),
            event("passedThrough", 60, note: "return"),
        ]),
        [run(0, foreground: true), run(60, foreground: false, viaURL: true)],
        [Pause(time: at(0), context: "C1")]
    )

    func checks(_ findings: [InterventionContract.Finding]) -> [String] { findings.map(\.check.rawValue) }

    @Test func aDayThatKeepsEveryPromiseHasNoFinding() {
        let (log, runs, pauses) = Self.kept
        #expect(InterventionContract.judge(log, runs: runs, pauses: pauses).isEmpty)
    }

    @Test func aSecondResolutionOfOneInterventionIsExactlyOnceResolve() {
        var (log, runs, pauses) = Self.kept
        log.events.append(Self.event("proceeded", 60, context: "C1"))
        #expect(checks(InterventionContract.judge(log, runs: runs, pauses: pauses)) == ["exactly-once-resolve"])
    }

    @Test func aResolutionOrAPausePastTheAgeLimitIsNeverStale() {
        var (log, runs, pauses) = Self.kept
        log.events[2] = Self.event("proceeded", 180, context: "C1")
        log.events[3] = Self.event("passedThrough", 180, note: "return")
        runs[1] = Self.run(180, foreground: false, viaURL: true)
        #expect(checks(InterventionContract.judge(log, runs: runs, pauses: pauses)) == ["never-stale"])
        // A pause on the screen that the package never recorded as shown.
        let (kept, keptRuns, _) = Self.kept
        let withdrawn = [Pause(time: Self.at(0), context: "C1"), Pause(time: Self.at(30), context: "C9")]
        #expect(checks(InterventionContract.judge(kept, runs: keptRuns, pauses: withdrawn)) == ["never-stale"])
    }

    @Test func aRunThatCouldNotComeForwardMustPassThroughAndShowNothing() {
        let passed = Self.log([Self.event("opened", 0), Self.event("passedThrough", 0, note: "foregroundUnavailable")])
        #expect(InterventionContract.judge(passed, runs: [Self.run(0, foreground: false)], pauses: []).isEmpty)
        let recorded = Self.log([Self.event("opened", 0), Self.event("intervened", 0, context: "C2")])
        #expect(
            Set(checks(InterventionContract.judge(recorded, runs: [Self.run(0, foreground: false)], pauses: [])))
                == ["fail-open"])
        // Brought forward with nothing on the host's screen; unless the
        // host's process died there (a crash: the home screen, not a trap).
        let (log, runs, _) = Self.kept
        #expect(checks(InterventionContract.judge(log, runs: runs, pauses: [])) == ["fail-open"])
        #expect(InterventionContract.judge(log, runs: runs, pauses: [], hostDeaths: [Self.at(0)]).isEmpty)
        // An intent that failed held the open back.
        let failed = Self.log([])
        #expect(
            checks(InterventionContract.judge(failed, runs: [Self.run(0, foreground: false, status: "2")], pauses: []))
                == ["fail-open"])
        // With the app's disk full the package passes through and cannot
        // log it: the open went through, which is the promise.
        var full = Self.run(0, foreground: false)
        full.storageFull = true
        #expect(InterventionContract.judge(Self.log([]), runs: [full], pauses: []).isEmpty)
        // One the OS killed half-way (its log cut short) is not held to anything.
        let cut = Self.log([Self.event("opened", 0)])
        #expect(
            InterventionContract.judge(cut, runs: [Self.run(0, foreground: false, status: "signal 9")], pauses: [])
                .isEmpty)
    }

    @Test func theReturnCountedAsAnOpenIsOpenCountedOnce() {
        var (log, runs, pauses) = Self.kept
        log.events.append(Self.event("opened", 60))
        #expect(checks(InterventionContract.judge(log, runs: runs, pauses: pauses)) == ["open-counted-once"])
        // A first open that was not counted at all.
        var uncounted = Self.kept.0
        uncounted.events.removeFirst()
        #expect(checks(InterventionContract.judge(uncounted, runs: runs, pauses: pauses)) == ["open-counted-once"])
    }

    @Test func theReopenInsideTheWindowIsTheReturnAndOnlyThere() {
        var (log, runs, pauses) = Self.kept
        // Not passed through as the return: counted instead.
        log.events[3] = Self.event("opened", 60)
        log.events.append(Self.event("passedThrough", 60, note: "pass"))
        #expect(checks(InterventionContract.judge(log, runs: runs, pauses: pauses)) == ["return-window"])
        // A return long after the window closed.
        var late = Self.kept.0
        late.events[3] = Self.event("passedThrough", 90, note: "return")
        let lateRuns = [Self.run(0, foreground: true), Self.run(90, foreground: false, viaURL: true)]
        #expect(checks(InterventionContract.judge(late, runs: lateRuns, pauses: pauses)) == ["return-window"])
    }
}
