import Foundation
import OALDomain

/// A rule's schedule as its row on the Rules screen shows it (the detail
/// sheet's "During this time" and "On these days", spec §3.2): the window
/// "09:00 – 17:00" and the days "Weekdays", read for the minutes and
/// weekdays they claim. Read here, never through the app's formatting,
/// so a formatting bug cannot become the truth.
struct ScheduleText {
    struct Window: Equatable {
        var start: Int
        var end: Int
    }

    /// "HH:MM – HH:MM" (an en dash between spaces), each a 24-hour clock
    /// time of two-digit hours 00–23 and minutes 00–59; nil otherwise.
    static func window(_ text: String) -> Window? {
        let parts = text.components(separatedBy: " – ")
        guard parts.count == 2, let start = minutes(parts[0]), let end = minutes(parts[1]) else { return nil }
        return Window(start: start, end: end)
    }

    /// "Every day", "Weekdays", "Weekends", "Never", or short names joined
    /// by ", " ("Mon, Wed, Fri"), each once: the weekday numbers (1 =
    /// Sunday) they claim; nil for a text that claims none of these.
    static func days(_ text: String) -> Set<Int>? {
        switch text {
        case "Every day": return Set(1...7)
        case "Weekdays": return Set(2...6)
        case "Weekends": return [1, 7]
        case "Never": return []
        default:
            var days = Set<Int>()
            for name in text.components(separatedBy: ", ") {
                guard let index = shortNames.firstIndex(of: name), days.insert(index + 1).inserted else { return nil }
            }
            return days
        }
    }

    /// The oracle's own rendering, for the expected side of a violation.
    static func clock(_ minutes: Int) -> String {
        String(format: "%02d:%02d", minutes / 60, minutes % 60)
    }

    private static let shortNames = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]

    private static func minutes(_ text: String) -> Int? {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) }),
            let hour = Int(parts[0]), let minute = Int(parts[1]), (0..<24).contains(hour), (0..<60).contains(minute)
        else { return nil }
        return hour * 60 + minute
    }
}

extension Oracle {
    /// The Rules screen's schedule text (asked with its status labels)
    /// against the rule as the user set it: a schedule's window names its
    /// start and end minutes, a rule of another kind shows none, and every
    /// rule's days name its enabled weekdays. A row without the text is
    /// left alone (an app that does not show it); a text that names no
    /// window or days is a violation.
    func checkScheduleTexts(_ screen: ScreenRows) {
        for row in screen.rows {
            guard let id = row.id.flatMap(UUID.init(uuidString:)), let rule = userRules.byID[id]?.rule else { continue }
            if let text = row.window {
                report.checksRun += 1
                let key = "\(CanonicalUUID.string(rule.id))|window"
                let actual = "the window \"\(text)\" on the Rules screen"
                if let config = rule.configuration.schedule {
                    let wanted = ScheduleText.Window(start: config.startMinutes, end: config.endMinutes)
                    if ScheduleText.window(text) == wanted {
                        screenAgrees(.scheduleText, key: key)
                    } else {
                        screenDiffers(
                            .scheduleText, rule, key: key,
                            expected:
                                "the window \(ScheduleText.clock(wanted.start)) – \(ScheduleText.clock(wanted.end)) "
                                + "(minutes \(wanted.start) to \(wanted.end), the rule as the user set it)",
                            actual: actual)
                    }
                } else {
                    screenDiffers(
                        .scheduleText, rule, key: key,
                        expected: "no window (a \(rule.kind.displayName) rule)", actual: actual)
                }
            }
            if let text = row.days {
                report.checksRun += 1
                let key = "\(CanonicalUUID.string(rule.id))|days"
                let wanted = Set(rule.days.dayNumbers)
                if ScheduleText.days(text) == wanted {
                    screenAgrees(.scheduleText, key: key)
                } else {
                    screenDiffers(
                        .scheduleText, rule, key: key,
                        expected: "the days \(wanted.isEmpty ? "none" : "\(wanted.sorted())") (1 = Sunday, "
                            + "the rule as the user set it)",
                        actual: "the days \"\(text)\" on the Rules screen")
                }
            }
        }
    }
}
