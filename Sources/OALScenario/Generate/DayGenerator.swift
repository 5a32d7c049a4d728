import Foundation
import OALDomain
import OALPlatform

/// Days nobody scripted (issue 35): a seeded generator of valid scenarios
/// with no expectations, for `oal-device explore` (docs/SCENARIOS.md,
/// "Generated days").
///
/// From a seed it draws a zone (half- and quarter-hour zones, zones with
/// daylight-saving changes) and a start (often the day before one of the
/// zone's changes, or at a month's or the year's end), lists over the
/// standard catalog, one to four rules of the three kinds with drawn
/// windows, days, budgets, opens and Hard Mode, Uninstall Protection, and
/// the user's day: opens, shield presses, OpenAppLock in front, taps at any
/// minute, travel. Pure: values and functions, no clock, no file; every
/// draw is `SplitMix64`'s, from streams of its own per part (the start,
/// the rules, the habits, the travel), so a change to one part leaves the
/// others' draws as they were. The same seed gives the same scenario and
/// text, byte for byte, wherever the same time-zone data is installed.
public enum DayGenerator {
    /// The year every start is drawn in, and whose offset changes are
    /// asked of `TimeZone`: never the wall clock's year.
    public static let referenceYear = 2027

    /// The zones a day is drawn in: half- and quarter-hour offsets (some
    /// with half-hour changes, Lord Howe), zones with daylight-saving
    /// changes on both hemispheres, and a few without.
    public static let zones = [
        "Asia/Kolkata", "Asia/Kathmandu", "Australia/Adelaide", "America/St_Johns", "Australia/Lord_Howe",
        "Pacific/Chatham", "Europe/Paris", "America/New_York", "Australia/Sydney", "America/Santiago",
        "Europe/London", "America/Los_Angeles", "Asia/Tokyo", "UTC",
    ]

    /// The catalog's apps a day uses: all of the standard catalog but
    /// OpenAppLock, which no rule may hold.
    static let apps = InstalledAppCatalog.standard.apps.map(\.name).filter { $0 != "OpenAppLock" }

    /// The scenario seed `seed` generates; `file` names it in messages.
    public static func scenario(seed: UInt64, file: String = "day.scenario") -> Scenario {
        var startRandom = SplitMix64(seed: seed ^ 0xDA7E_0000_0000_0001)
        let start = GeneratedStart.draw(&startRandom)
        func minute(_ n: Int) -> Date { start.start.addingTimeInterval(TimeInterval(n * 60)) }

        // The set-up: the lists at the start, one rule a minute after.
        var ruleRandom = SplitMix64(seed: seed ^ 0xDA7E_0000_0000_0002)
        var rules: [GeneratedRule] = []
        for number in 1...ruleRandom.int(in: 1...4) {
            rules.append(GeneratedRule.draw(number: number, earlier: rules, start: start, &ruleRandom))
        }
        var events = rules.map { (minute(0), $0.listAdd) }
        events += rules.enumerated().map { (minute($0.offset + 1), $0.element.ruleAdd) }
        var setUp = rules.count + 1
        let protect = rules.contains(where: \.hard) ? ruleRandom.bool() : ruleRandom.int(in: 0..<8) == 0
        if protect {
            events.append((minute(setUp), .app(arguments: ["settings", "uninstall-protection", "on"])))
            setUp += 1
        }

        var habitRandom = SplitMix64(seed: seed ^ 0xDA7E_0000_0000_0003)
        var habits = GeneratedHabits(rules: rules, start: start, from: minute(setUp))
        events += habits.draw(&habitRandom)
        var travelRandom = SplitMix64(seed: seed ^ 0xDA7E_0000_0000_0004)
        events += travel(start, from: minute(setUp), &travelRandom)

        // In time order; events of one instant in the order drawn.
        let ordered = events.enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }
        let steps = ordered.enumerated().map { index, event in
            ScenarioStep(
                time: event.element.0, line: index + 1, action: event.element.1, text: event.element.1.lineText)
        }
        return Scenario(
            file: file, timeZoneIdentifier: start.zone, start: start.start, end: start.end, seed: seed,
            catalogAdditions: [], steps: steps)
    }

    /// The text of `scenario(seed:)`: the file `oal-device explore` writes.
    public static func text(seed: UInt64) -> String { ScenarioRenderer.text(scenario(seed: seed)) }

    /// One day in four travels (`fault clock timezone ZONE`), half of
    /// those back home later.
    static func travel(_ start: GeneratedStart, from: Date, _ random: inout SplitMix64) -> [(Date, ScenarioAction)] {
        guard random.int(in: 0..<4) == 0 else { return [] }
        let span = max(2, Int(start.end.timeIntervalSince(from) / 60))
        let away = random.int(in: 0..<(span - 1))
        let zone = random.element(of: zones.filter { $0 != start.zone })
        var out = [(from.addingTimeInterval(TimeInterval(away * 60)), ScenarioAction.fault(.timeZone(zone)))]
        if random.bool() {
            let back = random.int(in: (away + 1)..<span)
            out.append((from.addingTimeInterval(TimeInterval(back * 60)), .fault(.timeZone(start.zone))))
        }
        return out
    }
}
