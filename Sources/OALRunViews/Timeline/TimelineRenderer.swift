import Foundation
import OALScenario
import OALSystem

/// Draws a `TimelineModel` as text: one row per app and per rule, one
/// column per bucket of emulated time, block characters for how much of
/// the bucket the row was blocked, and a marker row for callbacks.
struct TimelineRenderer {
    var calendar: Calendar
    var maxColumns = 96
    /// Blocked cells red, in-use cells blue, failed marks red, on a terminal.
    var color = ColorPolicy.plain

    /// Bucket widths a reader can count in, smallest first (minutes).
    static let niceBuckets = [1, 2, 5, 10, 15, 30, 60, 120, 180, 240, 360, 720, 1440]

    func render(_ model: TimelineModel) -> String {
        let span = model.end.timeIntervalSince(model.start)
        let minutes = Self.niceBuckets.first { Double($0 * 60 * maxColumns) >= span } ?? 1440
        let bucket = TimeInterval(minutes * 60)
        let origin = floor(model.start, bucket)
        let columns = max(1, Int((model.end.timeIntervalSince(origin) / bucket).rounded(.up)))
        let labelWidth = max(10, (model.apps + model.rules).map(\.label.count).max() ?? 8) + 4

        var lines: [String] = []
        lines.append("Timeline \(local(model.start)) → \(local(model.end)), one column = \(minutes) min")
        lines.append(pad("", labelWidth) + axis(origin: origin, bucket: bucket, columns: columns))
        if !model.apps.isEmpty {
            lines.append("apps")
            for row in model.apps {
                lines.append(
                    pad("  " + row.label, labelWidth) + cells(row, origin: origin, bucket: bucket, columns: columns))
            }
        }
        if !model.rules.isEmpty {
            lines.append("rules (own ManagedSettings store)")
            for row in model.rules {
                lines.append(
                    pad("  " + row.label, labelWidth) + cells(row, origin: origin, bucket: bucket, columns: columns))
            }
        }
        lines.append(
            pad("callbacks", labelWidth) + markers(model.marks, origin: origin, bucket: bucket, columns: columns))
        if !model.notices.isEmpty {
            lines.append(
                pad("notifications", labelWidth)
                    + markers(model.notices, origin: origin, bucket: bucket, columns: columns, rank: [.notification]))
        }
        if let faults = model.faultMarks {
            lines.append(
                pad("faults", labelWidth)
                    + markers(
                        faults, origin: origin, bucket: bucket, columns: columns, rank: [.powerLoss, .kill, .fault]))
        }
        lines.append("")
        lines.append("legend: █ blocked/shielding the whole column   ▌ part of it   ░ in use (frontmost)   · open")
        lines.append(
            "        s intervalDidStart  e intervalDidEnd  t threshold  w warning  p a button (shield or app screen)  "
                + "! failed expectation"
        )
        lines.append("        (several in one column: the first of ! p t e s w is shown)")
        if model.marks.contains(where: { $0.kind == .shortcut }) {
            lines.append("        i a shortcut or an automation ran one of the app's App Intents (after ! and p)")
        }
        if !model.notices.isEmpty { lines.append("        notifications: n a notification the OS showed") }
        if model.faultMarks?.contains(where: { $0.kind == .powerLoss }) == true {
            lines.append("        faults: P the power went (every process stopped; the files kept what was synced)")
        }
        if model.faultMarks != nil {
            lines.append("        faults: K a fault killed a process  F another fault took effect (K shown first;")
            lines.append("        each fault, and what failed after it, in the summary's Faults section)")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func cells(_ row: TimelineModel.Row, origin: Date, bucket: TimeInterval, columns: Int) -> String {
        (0..<columns).map { column in
            let cell = DateInterval(start: origin.addingTimeInterval(Double(column) * bucket), duration: bucket)
            let blocked = coverage(row.on, cell)
            if blocked >= bucket - 0.5 { return color.paint("█", .red) }
            if blocked > 0 { return color.paint("▌", .red) }
            return coverage(row.used, cell) > 0 ? color.paint("░", .blue) : color.paint("·", .dim)
        }.joined()
    }

    private func markers(
        _ marks: [TimelineModel.Mark], origin: Date, bucket: TimeInterval, columns: Int,
        rank: [TimelineModel.MarkKind] = [.failed, .press, .shortcut, .threshold, .end, .start, .warning]
    ) -> String {
        var best = [TimelineModel.MarkKind?](repeating: nil, count: columns)
        for mark in marks {
            let column = min(columns - 1, max(0, Int(mark.time.timeIntervalSince(origin) / bucket)))
            if let current = best[column], rank.firstIndex(of: current)! <= rank.firstIndex(of: mark.kind)! { continue }
            best[column] = mark.kind
        }
        return best.map { mark -> String in
            guard let mark else { return " " }
            return mark == .failed || mark == .kill || mark == .powerLoss
                ? color.paint(String(mark.rawValue), .red) : String(mark.rawValue)
        }.joined()
    }

    /// A time label every 8 columns, starting at column 0.
    private func axis(origin: Date, bucket: TimeInterval, columns: Int) -> String {
        var axis = [Character](repeating: " ", count: columns + 6)
        var column = 0
        while column < columns {
            let text = Array("|" + hourMinute(origin.addingTimeInterval(Double(column) * bucket)))
            for (offset, character) in text.enumerated() where column + offset < axis.count {
                axis[column + offset] = character
            }
            column += 8
        }
        return String(axis).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression)
    }

    private func coverage(_ spans: [DateInterval], _ cell: DateInterval) -> TimeInterval {
        spans.reduce(0) { total, span in total + (span.intersection(with: cell)?.duration ?? 0) }
    }

    private func floor(_ date: Date, _ bucket: TimeInterval) -> Date {
        // Align to the local day so columns start on round local times.
        let day = calendar.startOfDay(for: date)
        let offset = date.timeIntervalSince(day)
        return day.addingTimeInterval((offset / bucket).rounded(.down) * bucket)
    }

    private func hourMinute(_ date: Date) -> String {
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        return String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
    }

    private func local(_ date: Date) -> String { LocalTimeText.text(date, calendar) }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width
            ? String(text.prefix(width - 1)) + " " : text + String(repeating: " ", count: width - text.count)
    }

    init(calendar: Calendar, maxColumns: Int = 96, color: ColorPolicy = .plain) {
        self.calendar = calendar
        self.maxColumns = maxColumns
        self.color = color
    }
}
