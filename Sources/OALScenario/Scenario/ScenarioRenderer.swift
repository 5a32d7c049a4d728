import Foundation

/// A scenario back to its text, the inverse of `ScenarioParser`: what it
/// writes parses to the same zone, start, end, seed, catalog, header
/// faults and steps (each step's instant and action), and writing that
/// parse again gives the same text, byte for byte. A scenario is written
/// one way: comments and the layout of a file it was read from are not
/// kept, the end is always written out, and each step is `at HH:MM[:SS]`
/// under a `day N` line, with `(second)` in the repeated hour of a fall
/// back (docs/SCENARIOS.md).
public enum ScenarioRenderer {
    public static func text(_ scenario: Scenario) -> String {
        let days = ScenarioCalendar(zone: scenario.timeZoneIdentifier, start: scenario.start)
        var lines = ["timezone \(scenario.timeZoneIdentifier)", "start \(dateTime(scenario.start, days))"]
        if let end = endText(scenario, days) { lines.append("end \(end)") }
        lines.append("seed \(scenario.seed)")
        lines += scenario.faults.map { "fault \($0)" }
        lines += scenario.catalogAdditions.map {
            ScenarioWords.line(["catalog", "app", $0.name, $0.bundleIdentifier, $0.category])
        }
        var day = 1
        for (index, step) in scenario.steps.enumerated() {
            let (stepDay, clock, second) = days.local(step.time)
            if stepDay != day {
                lines += ["", "day \(stepDay)"]
                day = stepDay
            } else if index == 0 {
                lines.append("")
            }
            lines.append("at \(clock)\(second ? " (second)" : "") \(step.action.lineText)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `yyyy-MM-dd HH:MM[:SS]` of `date` in the scenario's zone.
    static func dateTime(_ date: Date, _ days: ScenarioCalendar) -> String {
        let parts = days.calendar.dateComponents([.year, .month, .day], from: date)
        let clock = days.local(date).clock
        return String(format: "%04d-%02d-%02d ", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0) + "\(clock)"
    }

    /// `day N HH:MM[:SS]` when that names the end (its first showing),
    /// else `+DURATION` from the start; nil for a scenario that ends at
    /// its start, which no `end` line can say.
    static func endText(_ scenario: Scenario, _ days: ScenarioCalendar) -> String? {
        guard scenario.end > scenario.start else { return nil }
        let (day, clock, second) = days.local(scenario.end)
        if !second, day <= ScenarioParser.maximumDay, days.firstInstant(day: day, clock) == scenario.end {
            return "day \(day) \(clock)"
        }
        return "+" + DurationText.format(scenario.end.timeIntervalSince(scenario.start))
    }
}
