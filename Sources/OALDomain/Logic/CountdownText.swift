import Foundation

/// The compact durations that status labels count down with.
public enum CountdownText {
    /// "6h" or "45m" for the time from `now` to `target`, always rounded up
    /// so a countdown never reads lower than the truth.
    ///
    /// The remainder is first rounded up to whole minutes. Under 60 minutes
    /// it reads in minutes; from 60 minutes on it reads in hours, again
    /// rounded up. So exactly 6h reads "6h", 5h59m reads "6h", 6h00m01s
    /// reads "7h", exactly 60m reads "1h", 59m reads "59m", 59m01s reads
    /// "1h", anything up to a minute reads "1m", and zero or a target in the
    /// past reads "0m".
    public static func remaining(from now: Date, to target: Date) -> String {
        let seconds = target.timeIntervalSince(now)
        guard seconds > 0 else { return "0m" }
        let minutes = Int((seconds / 60).rounded(.up))
        if minutes < 60 { return "\(minutes)m" }
        return "\((minutes + 59) / 60)h"
    }

    /// A whole-minute amount as usage rows show it: "45m", "2h", "1h 30m".
    public static func minutes(_ minutes: Int) -> String {
        guard minutes >= 60 else { return "\(minutes)m" }
        let hours = minutes / 60
        let rest = minutes % 60
        return rest == 0 ? "\(hours)h" : "\(hours)h \(rest)m"
    }
}
