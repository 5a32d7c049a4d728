import Foundation
import OALDomain
import Testing

@Suite struct CountdownLabelTests {
    let now = Fixture.at("2026-11-27T12:00:00Z")

    func label(_ seconds: TimeInterval) -> String {
        CountdownText.remaining(from: now, to: now.addingTimeInterval(seconds))
    }

    static let roundingCases: [(seconds: TimeInterval, label: String)] = [
        (21_600, "6h"),
        (21_540, "6h"),  // 5h59m
        (21_601, "7h"),  // one second over six hours
        (79_200, "22h"),
        (3_600, "1h"),  // exactly 60m
        (3_599, "1h"),  // 59m01s rounds up to 60m, which reads as hours
        (3_540, "59m"),
        (2_700, "45m"),
        (60, "1m"),
        (1, "1m"),
        (61, "2m"),
        (0, "0m"),
        (-30, "0m"),
    ]

    @Test(arguments: roundingCases)
    func roundsUp(case: (seconds: TimeInterval, label: String)) {
        #expect(label(`case`.seconds) == `case`.label)
    }

    @Test func statusLabels() {
        let inSixHours = now.addingTimeInterval(6 * 3600)
        #expect(RuleStatus.active(until: inSixHours).label(now: now) == "6h left")
        #expect(RuleStatus.upcoming(startsAt: now.addingTimeInterval(22 * 3600)).label(now: now) == "Starts in 22h")
        #expect(RuleStatus.upcoming(startsAt: now.addingTimeInterval(5 * 60)).label(now: now) == "Starts in 5m")
        #expect(RuleStatus.active(until: now.addingTimeInterval(45 * 60)).label(now: now) == "45m left")
        #expect(RuleStatus.paused(until: now.addingTimeInterval(90 * 60)).label(now: now) == "Paused for 2h")
        #expect(RuleStatus.disabled.label(now: now) == "Disabled")
        #expect(RuleStatus.dormant.label(now: now) == "Inactive")
    }

    @Test func captionLeadsWithKind() {
        let status = RuleStatus.upcoming(startsAt: now.addingTimeInterval(22 * 3600))
        #expect(status.caption(kind: .schedule, now: now) == "Schedule, Starts in 22h")
        #expect(
            RuleStatus.active(until: now.addingTimeInterval(3600)).caption(kind: .openLimit, now: now)
                == "Open Limit, 1h left")
        #expect(RuleStatus.dormant.caption(kind: .timeLimit, now: now) == "Time Limit, Inactive")
    }

    @Test func usageMinutes() {
        #expect(CountdownText.minutes(0) == "0m")
        #expect(CountdownText.minutes(45) == "45m")
        #expect(CountdownText.minutes(60) == "1h")
        #expect(CountdownText.minutes(90) == "1h 30m")
        #expect(CountdownText.minutes(125) == "2h 5m")
    }
}
