import Foundation
import OALPlatform

/// The report's timeline: a run drawn as SVG, one row per app and per
/// rule, rows of marks for callbacks, the user, faults and expectations,
/// and each oracle violation a red line across them all (docs/REPORT.md).
/// Every row is a `<g data-row="...">`, which the browser check counts;
/// every mark has a `<title>`, the browser's own tooltip, so the page
/// needs no script.
struct TimelineSVG {
    let record: RunRecord
    let spans: RunSpans
    let violations: [Violation]
    let calendar: Calendar

    static let width = 1200.0
    static let labelWidth = 150.0
    static let right = 16.0
    static let rowHeight = 24.0
    static let headerHeight = 20.0
    static let axisHeight = 34.0

    /// One row of marks: what the trace says happened at an instant.
    struct Mark {
        enum Shape { case up, down, dot, diamond, square, tick, cross }
        var place: Int64
        var shape: Shape
        var color: String
        var title: String
    }

    var plotWidth: Double { Self.width - Self.labelWidth - Self.right }

    func x(_ place: Int64) -> Double { Self.labelWidth + Double(place) / Double(record.span) * plotWidth }

    func local(_ index: Int) -> String {
        record.times[index].map { DeviceEngine.localText($0, calendar) } ?? record.lines[index].time
    }

    func render() -> String {
        var body = ""
        var y = Self.axisHeight
        let top = y
        if !spans.apps.isEmpty {
            body += header("Apps", y)
            y += Self.headerHeight
            for app in spans.apps {
                body += spanRow(
                    "app:\(app.name)", app.name, y,
                    app.blocked.map { ($0, "blocked", "\(app.name) blocked\($0.note.isEmpty ? "" : " by \($0.note)")") }
                        + app.used.map { ($0, "used", "\(app.name) in use") })
                y += Self.rowHeight
            }
        }
        if !spans.rules.isEmpty {
            body += header("Rules (own ManagedSettings store shielding)", y)
            y += Self.headerHeight
            for rule in spans.rules {
                body += spanRow(
                    "rule:\(rule.name)", rule.name, y,
                    rule.shielding.map { ($0, "shielding", "\(rule.name) shielding") })
                y += Self.rowHeight
            }
        }
        body += header("Events", y)
        y += Self.headerHeight
        for (row, label, marks) in markRows() {
            body += markRow(row, label, y, marks)
            y += Self.rowHeight
        }
        let bottom = y
        let height = bottom + 8
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" class="timeline" viewBox="0 0 \(Int(Self.width)) \(Int(height))" \
            role="img" aria-label="timeline of the run">
            """
        svg += axis(top: top, bottom: bottom)
        svg += body
        svg += violationLines(top: top, bottom: bottom)
        svg += "</svg>"
        return svg
    }

    // MARK: - Rows

    private func header(_ text: String, _ y: Double) -> String {
        "<text class=\"section\" x=\"8\" y=\"\(f(y + 14))\">\(HTMLText.escape(text))</text>"
    }

    private func label(_ text: String, _ y: Double) -> String {
        let shown = text.count > 20 ? String(text.prefix(19)) + "…" : text
        return "<text class=\"label\" x=\"16\" y=\"\(f(y + 15))\">\(HTMLText.escape(shown))<title>"
            + "\(HTMLText.escape(text))</title></text>"
    }

    private func spanRow(
        _ row: String, _ name: String, _ y: Double, _ items: [(RunSpans.Span, String, String)]
    ) -> String {
        var text = "<g data-row=\"\(HTMLText.escape(row))\">"
        text += "<rect class=\"lane\" x=\"\(f(Self.labelWidth))\" y=\"\(f(y + 2))\" width=\"\(f(plotWidth))\" "
        text += "height=\"\(f(Self.rowHeight - 4))\"/>"
        text += label(name, y)
        for (span, kind, title) in items {
            let left = x(span.start)
            let width = max(1.5, x(span.end) - left)
            let (top, height) = kind == "used" ? (y + Self.rowHeight - 8, 4.0) : (y + 3, Self.rowHeight - 6)
            let when = "\(localAt(span.start)) → \(localAt(span.end))"
            text += "<rect class=\"\(kind)\" x=\"\(f(left))\" y=\"\(f(top))\" width=\"\(f(width))\" "
            text += "height=\"\(f(height))\"><title>\(HTMLText.escape("\(title), \(when)"))</title></rect>"
        }
        return text + "</g>"
    }

    private func markRow(_ row: String, _ name: String, _ y: Double, _ marks: [Mark]) -> String {
        var text = "<g data-row=\"\(HTMLText.escape(row))\">"
        text += "<rect class=\"lane\" x=\"\(f(Self.labelWidth))\" y=\"\(f(y + 2))\" width=\"\(f(plotWidth))\" "
        text += "height=\"\(f(Self.rowHeight - 4))\"/>"
        text += label(name, y)
        let middle = y + Self.rowHeight / 2
        for mark in marks {
            text += shape(mark, x: x(mark.place), y: middle)
        }
        return text + "</g>"
    }

    private func shape(_ mark: Mark, x: Double, y: Double) -> String {
        let title = "<title>\(HTMLText.escape(mark.title))</title>"
        let fill = "fill=\"\(mark.color)\""
        switch mark.shape {
        case .up:
            return
                "<path d=\"M\(f(x)) \(f(y - 6))L\(f(x + 5)) \(f(y + 4))L\(f(x - 5)) \(f(y + 4))Z\" \(fill)>\(title)</path>"
        case .down:
            return
                "<path d=\"M\(f(x)) \(f(y + 6))L\(f(x + 5)) \(f(y - 4))L\(f(x - 5)) \(f(y - 4))Z\" \(fill)>\(title)</path>"
        case .dot:
            return "<circle cx=\"\(f(x))\" cy=\"\(f(y))\" r=\"3\" \(fill)>\(title)</circle>"
        case .diamond:
            return "<path d=\"M\(f(x)) \(f(y - 7))L\(f(x + 6)) \(f(y))L\(f(x)) \(f(y + 7))L\(f(x - 6)) \(f(y))Z\" "
                + "\(fill) stroke=\"#fff\" stroke-width=\"1\">\(title)</path>"
        case .square:
            return
                "<rect x=\"\(f(x - 4))\" y=\"\(f(y - 4))\" width=\"8\" height=\"8\" rx=\"1.5\" \(fill)>\(title)</rect>"
        case .tick:
            return "<path d=\"M\(f(x - 5)) \(f(y))L\(f(x - 1)) \(f(y + 4))L\(f(x + 6)) \(f(y - 5))\" fill=\"none\" "
                + "stroke=\"\(mark.color)\" stroke-width=\"2.2\" stroke-linecap=\"round\">\(title)</path>"
        case .cross:
            return "<g stroke=\"\(mark.color)\" stroke-width=\"2.6\" stroke-linecap=\"round\"><path d=\"M\(f(x - 5)) "
                + "\(f(y - 5))L\(f(x + 5)) \(f(y + 5))M\(f(x + 5)) \(f(y - 5))L\(f(x - 5)) \(f(y + 5))\"/>\(title)</g>"
        }
    }

    /// The rows of marks, from the device's lines: what it delivered, what
    /// the user did, the faults it injected and the expectations it checked.
    func markRows() -> [(String, String, [Mark])] {
        var callbacks: [Mark] = []
        var user: [Mark] = []
        var faults: [Mark] = []
        var expectations: [Mark] = []
        for (index, line) in record.lines.enumerated() where line.process == .device {
            let place = record.places[index]
            let fields = line.fields
            let when = local(index)
            switch line.event {
            case "deliver":
                let kind = fields["kind"] ?? ""
                let title =
                    "\(when) \(kind) \(fields["activity"] ?? "")\(fields["event"].map { " \($0)" } ?? "")"
                    + " (launch \(fields["launch"] ?? "?"), exit \(fields["status"] ?? "?"))"
                switch kind {
                case CallbackKind.intervalDidStart.rawValue:
                    callbacks.append(Mark(place: place, shape: .up, color: "#12a150", title: title))
                case CallbackKind.intervalDidEnd.rawValue:
                    callbacks.append(Mark(place: place, shape: .down, color: "#6e56cf", title: title))
                default:
                    callbacks.append(Mark(place: place, shape: .dot, color: "#f59e0b", title: title))
                }
            case "user.press":
                user.append(
                    Mark(
                        place: place, shape: .diamond, color: "#0b7285",
                        title: "\(when) press \(fields["button"] ?? "") on \(fields["app"] ?? ""): "
                            + "\(fields["result"].flatMap { $0.isEmpty ? nil : $0 } ?? "exit \(fields["status"] ?? "?")")"
                    ))
            case "user.app":
                user.append(
                    Mark(
                        place: place, shape: .square, color: "#64748b",
                        title: "\(when) tap: oal-app \(fields["args"] ?? "") (exit \(fields["status"] ?? "?"))"))
            case "fault" where fields["action"] != "armed-launch":
                faults.append(
                    Mark(
                        place: place, shape: .diamond, color: fields["action"] == "killed" ? "#e5484d" : "#f76b15",
                        title: "\(when) fault \(fields["action"] ?? ""): \(fields["fault"] ?? "")"))
            case "expect":
                let ok = fields["result"] == "ok"
                expectations.append(
                    Mark(
                        place: place, shape: ok ? .tick : .cross, color: ok ? "#12a150" : "#e5484d",
                        title: "\(when) line \(fields["line"] ?? "?"): \(fields["text"] ?? "") — "
                            + (ok ? "met" : "FAILED: \(fields["detail"] ?? "")")))
            default:
                break
            }
        }
        // Failed expectations drawn last, on top of the met ones.
        expectations.sort { ($0.shape == .cross ? 1 : 0) < ($1.shape == .cross ? 1 : 0) }
        return [
            ("marks:callbacks", "callbacks", callbacks), ("marks:user", "user", user),
            ("marks:faults", "faults", faults),
            ("marks:expectations", "expectations", expectations),
        ]
    }

    // MARK: - Axis and violations

    /// Hour lines at a step that leaves room for the labels, local
    /// midnights stronger and labelled with the date.
    private func axis(top: Double, bottom: Double) -> String {
        let seconds = Double(record.span) / 1_000_000
        let step = [1, 2, 3, 4, 6, 12, 24].first { seconds / Double($0 * 3600) <= 14 } ?? 48
        var text = "<g class=\"axis\">"
        var hour = calendar.dateInterval(of: .hour, for: record.start)?.start ?? record.start
        let end = record.date(atPlace: record.span)
        while hour <= end {
            let place = RunRecord.micros(hour.timeIntervalSince(record.start))
            let parts = calendar.dateComponents([.hour, .day, .month], from: hour)
            let isMidnight = parts.hour == 0
            if place >= 0, (parts.hour ?? 0) % step == 0 || isMidnight {
                let position = x(place)
                text +=
                    "<line class=\"\(isMidnight ? "midnight" : "hour")\" x1=\"\(f(position))\" y1=\"\(f(top - 6))\" "
                text += "x2=\"\(f(position))\" y2=\"\(f(bottom))\"/>"
                let label =
                    isMidnight
                    ? String(format: "%02d-%02d", parts.month ?? 0, parts.day ?? 0)
                    : String(format: "%02d:00", parts.hour ?? 0)
                text += "<text class=\"tick\(isMidnight ? " day" : "")\" x=\"\(f(position))\" y=\"\(f(top - 12))\">"
                text += "\(label)</text>"
            }
            guard let next = calendar.date(byAdding: .hour, value: 1, to: hour) else { break }
            hour = next
        }
        return text + "</g>"
    }

    private func violationLines(top: Double, bottom: Double) -> String {
        var text = ""
        for (number, violation) in violations.enumerated() {
            guard let place = place(ofTime: violation.time) else { continue }
            let position = x(place)
            let title = HTMLText.escape("violation \(number + 1): \(violation.description)")
            text += "<g data-row=\"violation:\(number + 1)\" class=\"violation\">"
            text += "<line x1=\"\(f(position))\" y1=\"\(f(top))\" x2=\"\(f(position))\" y2=\"\(f(bottom))\"/>"
            text += "<rect x=\"\(f(position - 9))\" y=\"\(f(top - 2))\" width=\"18\" height=\"14\" rx=\"3\"/>"
            text += "<text x=\"\(f(position))\" y=\"\(f(top + 9))\">\(number + 1)</text>"
            text += "<title>\(title)</title></g>"
        }
        return text
    }

    /// The place of the first line at or after an ISO time (violations
    /// carry the emulated time they were found at).
    func place(ofTime text: String) -> Int64? {
        guard let date = TraceEvent.date(fromTimestamp: text) else { return nil }
        for (index, time) in record.times.enumerated() where (time ?? .distantPast) >= date {
            return record.places[index]
        }
        return record.places.last
    }

    private func localAt(_ place: Int64) -> String { DeviceEngine.localText(record.date(atPlace: place), calendar) }

    private func f(_ value: Double) -> String { String(format: "%.1f", value) }
}
