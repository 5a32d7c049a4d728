import Foundation

/// Durations as scenarios write them: `90s`, `15m`, `2h`, `1h30m`, `1d`.
public enum DurationText {
    public static func parse(_ text: String) -> TimeInterval? {
        var total: TimeInterval = 0
        var digits = ""
        var sawUnit = false
        for character in text {
            if character.isASCII, character.isNumber {
                digits.append(character)
                continue
            }
            guard let value = Int(digits) else { return nil }
            let unit: Int
            switch character {
            case "s": unit = 1
            case "m": unit = 60
            case "h": unit = 3600
            case "d": unit = 86_400
            default: return nil
            }
            // A duration too long to count in seconds is bad input, not a crash.
            let (seconds, overflow) = value.multipliedReportingOverflow(by: unit)
            guard !overflow else { return nil }
            total += TimeInterval(seconds)
            digits = ""
            sawUnit = true
        }
        guard digits.isEmpty, sawUnit, total > 0 else { return nil }
        return total
    }

    public static func format(_ seconds: TimeInterval) -> String {
        let whole = Int(seconds.rounded())
        let (hours, minutes, secs) = (whole / 3600, whole % 3600 / 60, whole % 60)
        var text = ""
        if hours > 0 { text += "\(hours)h" }
        if minutes > 0 { text += "\(minutes)m" }
        if secs > 0 || text.isEmpty { text += "\(secs)s" }
        return text
    }
}
