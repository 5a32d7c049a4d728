import Foundation
import Testing

@testable import OALEmulator
@testable import OALExplore
@testable import OALOracle
@testable import OALRunViews

/// The free-running oracle's allowance (docs/ORACLE.md, "Free-running: the
/// bounded lag"), on emulated instants given by the test.
@Suite struct BoundedLagTests {
    static let start = Date(timeIntervalSince1970: 1_796_032_800)

    static func violation() -> Violation {
        Violation(
            check: .underEnforced, ruleID: nil, ruleName: "Cap", time: "2026-11-30T09:00:00.000Z",
            localTime: "2026-11-30 09:00", after: "threshold", expected: "shielded", actual: "not shielded",
            traceExcerpt: [], reproduce: "")
    }

    /// Looks every 30 s from `start`, the episode seen at the given ones.
    static func run(_ lag: BoundedLag, seenAt looks: Set<Int>, through last: Int) -> [Violation] {
        var out: [Violation] = []
        for look in 0...last {
            let now = start.addingTimeInterval(TimeInterval(look) * 30)
            lag.beginRound()
            if looks.contains(look) { lag.seen("under-enforced|Cap", at: now, make: violation) }
            out += lag.settle(at: now)
        }
        return out
    }

    @Test func aDivergenceThatEndsWithinTheLagIsTransient() {
        let lag = BoundedLag()
        lag.seconds = 120
        let reported = Self.run(lag, seenAt: [1, 2, 3, 4], through: 8)
        #expect(reported.isEmpty)
        #expect(lag.transient == 1)
        #expect(lag.longestTransient == 120)
    }

    @Test func oneSeenAtEveryLookBeyondTheLagIsReportedOnceWithItsStart() {
        let lag = BoundedLag()
        lag.seconds = 120
        let reported = Self.run(lag, seenAt: Set(1...10), through: 12)
        #expect(reported.count == 1)
        #expect(reported.first?.actual.contains("150 s later: beyond the lag of 120 s") == true)
        #expect(lag.beyond == 1)
        #expect(lag.transient == 0)
    }

    @Test func aGapBetweenTwoSightingsStartsAnewEpisode() {
        let lag = BoundedLag()
        lag.seconds = 90
        // Seen 60 s, gone one look, seen 60 s again: never 90 s in a row.
        let reported = Self.run(lag, seenAt: [0, 1, 2, 4, 5, 6], through: 8)
        #expect(reported.isEmpty)
        #expect(lag.transient == 2)
    }

    @Test func theLagGrowsWithTheSpeedTheLaunchesAndTheLateness() {
        let quick = BoundedLag.seconds(speed: 600, look: 30, tick: 30, longestLaunch: 0.05, lateness: 0)
        #expect(quick == 150)
        let slow = BoundedLag.seconds(speed: 600, look: 30, tick: 30, longestLaunch: 0.5, lateness: 20)
        #expect(slow == 30 + 60 + 600 + 40)
        #expect(BoundedLag.seconds(speed: 1, look: 1, tick: 1, longestLaunch: 0, lateness: 0) == BoundedLag.floor)
    }
}
