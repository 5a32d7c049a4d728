import Foundation
import OALPlatform
import OALScenario

/// The report's timeline: a run drawn as SVG, one row per app and per
/// rule, under an app with a divergence a row of spans of expected against
/// actual (violations red, excused divergences amber with their deadline),
/// rows of marks for callbacks, the user, faults and expectations, each
/// oracle violation a red line across them all with a labelled badge, and
/// daylight-saving changes and time-zone travel marked on the axis
/// (docs/REPORT.md).
/// Every row is a `<g data-row="...">`, which the browser check counts;
/// every mark has a `<title>`, the browser's own tooltip, so the page
/// needs no script.
struct TimelineSVG {
    let record: RunRecord
    let spans: RunSpans
    let violations: [Violation]
    let divergences: [ExpectedDivergence]
    let calendar: Calendar
    /// The device's zone from each instant on: the run's first (its
    /// `run.start`), then each `clock timezone` fault's (`clock.set`).
    let zones: [(from: Date, place: Int64, zone: TimeZone)]

    init(
        record: RunRecord, spans: RunSpans, violations: [Violation], divergences: [ExpectedDivergence] = [],
        calendar: Calendar
    ) {
        self.record = record
        self.spans = spans
        self.violations = violations
        self.divergences = divergences
        self.calendar = calendar
        var zones: [(from: Date, place: Int64, zone: TimeZone)] = []
        for (index, line) in record.lines.enumerated() where line.process == .device {
            guard line.event == "run.start" || line.event == "clock.set", let name = line.fields["timezone"],
                let zone = TimeZone(identifier: name), let time = record.times[index]
            else { continue }
            if zones.isEmpty, line.event == "clock.set", zone != calendar.timeZone {
                // A trace whose `run.start` names no zone: the journey is
                // still marked, from the zone the device has now.
                zones.append((record.start, Int64(0), calendar.timeZone))
            }
            if zones.last?.zone != zone { zones.append((time, record.places[index], zone)) }
        }
        self.zones = zones.isEmpty ? [(record.start, Int64(0), calendar.timeZone)] : zones
    }

    /// The device's calendar at `date`: the zone in force then.
    func calendar(at date: Date) -> Calendar {
        var local = calendar
        local.timeZone = zones.last { $0.from <= date }?.zone ?? zones[0].zone
        return local
    }

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
        record.times[index].map { LocalTimeText.text($0, calendar(at: $0)) } ?? record.lines[index].time
    }

    func render() -> String {
        var body = ""
        var y = Self.axisHeight
        let top = y
        let diverging = divergenceSpans()
        if !spans.apps.isEmpty {
            body += header("Apps", y)
            y += Self.headerHeight
            for app in spans.apps {
                body += spanRow(
                    "app:\(app.name)", app.name, y,
                    app.blocked.map { ($0, "blocked", "\(app.name) blocked\($0.note.isEmpty ? "" : " by \($0.note)")") }
                        + app.used.map { ($0, "used", "\(app.name) in use") })
                y += Self.rowHeight
                if let items = diverging["app|\(app.name)"] {
                    body += divergenceRow("diverge:app:\(app.name)", "↳ expected/actual", y, items)
                    y += Self.rowHeight
                }
            }
        }
        let others = diverging.keys.filter { !$0.hasPrefix("app|") }.sorted()
        if !others.isEmpty {
            body += header("Web and the adult filter (divergences only)", y)
            y += Self.headerHeight
            for subject in others {
                let name = subject == "filter" ? "adult filter" : String(subject.drop { $0 != "|" }.dropFirst())
                let row = subject == "filter" ? "diverge:filter" : "diverge:web:\(name)"
                body += divergenceRow(row, name, y, diverging[subject] ?? [])
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
        let (badges, badgeHeight) = violationBadges(top: top, bottom: bottom)
        let clockMarks = clockChanges()
        let height = bottom + badgeHeight + (clockMarks.isEmpty ? 0 : Self.rowHeight) + 8
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" class="timeline" viewBox="0 0 \(Int(Self.width)) \(Int(height))" \
            role="img" aria-label="timeline of the run">
            """
        svg += Self.patterns
        svg += axis(top: top, bottom: bottom)
        svg += body
        svg += badges
        svg += clockLines(clockMarks, top: top, bottom: bottom + badgeHeight)
        svg += "</svg>"
        return svg
    }

    /// Hatching for the spans of divergence: what should have been is the
    /// colour, what was is the white between.
    static let patterns = """
        <defs><pattern id="hatch-under" width="6" height="6" patternUnits="userSpaceOnUse" \
        patternTransform="rotate(45)"><rect width="3" height="6" fill="#e5484d"/></pattern>\
        <pattern id="hatch-over" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(-45)">\
        <rect width="3" height="6" fill="#8e4ec6"/></pattern>\
        <pattern id="hatch-excused" width="6" height="6" patternUnits="userSpaceOnUse" \
        patternTransform="rotate(45)"><rect width="3" height="6" fill="#f5a524"/></pattern></defs>
        """

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
        var notifications: [Mark] = []
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
            case "user.tap":
                user.append(
                    Mark(
                        place: place, shape: .diamond, color: "#9a3412",
                        title: "\(when) tap \(fields["button"] ?? "")"
                            + (fields["times"] == "2" ? " twice" : "")
                            + " on the app's screen: \(fields["result"] ?? "")"))
            case "user.shortcut", "automation.run":
                let by =
                    line.event == "automation.run"
                    ? "automation \(fields["automation"] ?? "") (\(fields["trigger"] ?? ""))" : "shortcut"
                user.append(
                    Mark(
                        place: place, shape: .square, color: "#7c3aed",
                        title: "\(when) \(by) ran the intent \(fields["intent"] ?? "")"
                            + (fields["parameters"].flatMap { $0.isEmpty ? nil : " \($0)" } ?? "")
                            + ": \(fields["value"].flatMap { $0.isEmpty ? nil : $0 } ?? "exit \(fields["status"] ?? "?")")"
                            + (fields["foreground"] == "yes" ? ", came to the foreground" : "")
                            + " (launch \(fields["launch"] ?? "?"))"))
            case "user.app":
                user.append(
                    Mark(
                        place: place, shape: .square, color: "#64748b",
                        title: "\(when) tap: oal-app \(fields["args"] ?? "") (exit \(fields["status"] ?? "?"))"))
            case "notification.deliver":
                notifications.append(
                    Mark(
                        place: place, shape: .square, color: "#2563eb",
                        title: "\(when) notification \(fields["id"] ?? ""): \(fields["title"] ?? "")"
                            + (fields["body"].flatMap { $0.isEmpty ? nil : " — \($0)" } ?? "")))
            case "fault" where fields["kind"] == "power-loss" && fields["action"] == "applied":
                // The power went: drawn dark, with what it took.
                faults.append(
                    Mark(
                        place: place, shape: .diamond, color: "#1f2937",
                        title: "\(when) power lost: \(fields["fault"] ?? "") — \(fields["reverted"] ?? "0") file(s) "
                            + "reverted, \(fields["removed"] ?? "0") removed, \(fields["restored"] ?? "0") brought back"
                    ))
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
        // A run that showed no notification draws no row for them, so the
        // report of one that schedules none is as before.
        return [("marks:callbacks", "callbacks", callbacks), ("marks:user", "user", user)]
            + (notifications.isEmpty ? [] : [("marks:notifications", "notifications", notifications)])
            + [("marks:faults", "faults", faults), ("marks:expectations", "expectations", expectations)]
    }

    // MARK: - Axis and violations

    /// Hour lines at a step that leaves room for the labels, local
    /// midnights stronger and labelled with the date.
    private func axis(top: Double, bottom: Double) -> String {
        let seconds = Double(record.span) / 1_000_000
        let step = [1, 2, 3, 4, 6, 12, 24].first { seconds / Double($0 * 3600) <= 14 } ?? 48
        var text = "<g class=\"axis\">"
        var hour = calendar(at: record.start).dateInterval(of: .hour, for: record.start)?.start ?? record.start
        let end = record.date(atPlace: record.span)
        while hour <= end {
            let place = RunRecord.micros(hour.timeIntervalSince(record.start))
            // In the zone in force then: a journey moves the hours.
            let parts = calendar(at: hour).dateComponents([.hour, .minute, .day, .month], from: hour)
            let isMidnight = parts.hour == 0 && parts.minute == 0
            if place >= 0, parts.minute == 0, (parts.hour ?? 0) % step == 0 || isMidnight {
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
            hour = hour.addingTimeInterval(3600)
        }
        return text + "</g>"
    }

    static let badgeHeight = 18.0

    /// Each violation a red line across every row, and below the rows a
    /// badge labelled with its number, check and subject (the number is its
    /// article in the Oracle section, which the badge links to), on as many
    /// lanes as keep the labels apart.
    private func violationBadges(top: Double, bottom: Double) -> (String, Double) {
        guard !violations.isEmpty else { return ("", 0) }
        var lanes: [Double] = []
        var lines = ""
        var text = ""
        for (number, violation) in violations.enumerated() {
            guard let place = place(ofTime: violation.time) else { continue }
            let position = x(place)
            let label = "\(number + 1) \(violation.check.rawValue)\(Self.subjectName(violation).map { " \($0)" } ?? "")"
            let width = Double(label.count) * 6.1 + 10
            let left = min(max(position - 9, Self.labelWidth), Self.width - Self.right - width)
            let lane = lanes.firstIndex { $0 + 4 <= left } ?? (lanes.count < 8 ? lanes.count : lanes.count - 1)
            if lane == lanes.count { lanes.append(0) }
            lanes[lane] = left + width
            let badgeTop = bottom + 4 + Double(lane) * Self.badgeHeight
            let title = HTMLText.escape("violation \(number + 1): \(violation.description)")
            // Every line under every badge.
            lines += "<g class=\"violation\"><line x1=\"\(f(position))\" y1=\"\(f(top))\" x2=\"\(f(position))\" "
            lines += "y2=\"\(f(badgeTop))\"/></g>"
            text += "<g data-row=\"violation:\(number + 1)\" class=\"violation\"><a href=\"#violation-\(number + 1)\">"
            text += "<rect x=\"\(f(left))\" y=\"\(f(badgeTop))\" width=\"\(f(width))\" height=\"14\" rx=\"3\"/>"
            text += "<text class=\"badge-label\" x=\"\(f(left + 5))\" y=\"\(f(badgeTop + 10.5))\">"
            text += "\(HTMLText.escape(label))</text><title>\(title)</title></a></g>"
        }
        return (lines + text, Double(lanes.count) * Self.badgeHeight + 6)
    }

    /// The app, web domain or filter a violation is about, else its rule.
    static func subjectName(_ violation: Violation) -> String? {
        if let subject = violation.subject, subject.hasPrefix("app|") || subject.hasPrefix("web|") {
            return String(subject.drop { $0 != "|" }.dropFirst())
        }
        if violation.subject == "filter" { return "adult filter" }
        return violation.ruleName
    }

    // MARK: - Divergences as spans

    /// One span of expected against actual on an app (or domain, or the
    /// filter): a violation from when it was found to when it was found
    /// resolved, or an excused divergence to when it converged, another
    /// reason took over or its deadline passed.
    struct Divergence {
        var start: Int64
        var end: Int64
        /// `under`, `over` (violations) or `excused`.
        var kind: String
        var label: String
        var title: String

    }

    /// The spans of `under-enforced` and `over-enforced`, by subject
    /// (`app|NAME`, `web|DOMAIN`, `filter`).
    func divergenceSpans() -> [String: [Divergence]] {
        var rows: [String: [Divergence]] = [:]
        for (number, violation) in violations.enumerated()
        where violation.check == .underEnforced || violation.check == .overEnforced {
            guard let subject = violation.subject, let start = place(ofTime: violation.time) else { continue }
            let end = max(start, violation.until.flatMap { place(ofTime: $0) } ?? record.span)
            let under = violation.check == .underEnforced
            rows[subject, default: []].append(
                Divergence(
                    start: start, end: end, kind: under ? "under" : "over",
                    label: "\(number + 1) \(under ? "should be shielded, is not" : "should be free, is shielded")",
                    title: "violation \(number + 1) [\(violation.check.rawValue)]: expected \(violation.expected); "
                        + "actual \(violation.actual)\(violation.until == nil ? " (to the end of the run)" : "")"))
        }
        for divergence in divergences where divergence.check == .underEnforced || divergence.check == .overEnforced {
            guard let subject = divergence.subject, let start = place(ofTime: divergence.time) else { continue }
            let end = max(start, divergence.until.flatMap { place(ofTime: $0) } ?? record.span)
            let under = divergence.check == .underEnforced
            rows[subject, default: []].append(
                Divergence(
                    start: start, end: end, kind: "excused",
                    label: "excused (\(under ? "under" : "over")) · deadline: \(divergence.deadline ?? "none named")",
                    title: "expected divergence [\(divergence.check.rawValue)]: expected \(divergence.expected); "
                        + "actual \(divergence.actual). Why: \(divergence.reason)"))
        }
        return rows
    }

    private func divergenceRow(_ row: String, _ name: String, _ y: Double, _ items: [Divergence]) -> String {
        var text = "<g data-row=\"\(HTMLText.escape(row))\">"
        text += "<rect class=\"lane\" x=\"\(f(Self.labelWidth))\" y=\"\(f(y + 2))\" width=\"\(f(plotWidth))\" "
        text += "height=\"\(f(Self.rowHeight - 4))\"/>"
        text += label(name, y)
        // Excused first, violations on top.
        let ordered = items.sorted {
            ($0.kind == "excused" ? 0 : 1, $0.start) < ($1.kind == "excused" ? 0 : 1, $1.start)
        }
        for (index, item) in ordered.enumerated() {
            let left = x(item.start)
            let width = max(2, x(item.end) - left)
            let title = HTMLText.escape("\(item.title), \(localAt(item.start)) → \(localAt(item.end))")
            text += "<rect class=\"\(item.kind)\" x=\"\(f(left))\" y=\"\(f(y + 3))\" width=\"\(f(width))\" "
            text += "height=\"\(f(Self.rowHeight - 6))\"><title>\(title)</title></rect>"
            // The label inside the span where it fits, else after it, up to
            // the next span of the row (the tooltip has it all).
            let inside = Int((width - 8) / 6.1) >= min(item.label.count, 24)
            let next = ordered.dropFirst(index + 1).map { x($0.start) }.filter { $0 > left + width }.min()
            let start = inside ? left + 4 : left + width + 4
            let room = Int(((inside ? left + width : (next ?? Self.width - Self.right)) - start - 4) / 6.1)
            if room >= 6 {
                let shown = item.label.count > room ? String(item.label.prefix(room - 1)) + "…" : item.label
                text += "<text class=\"span-label \(item.kind)\" x=\"\(f(start))\" y=\"\(f(y + 16))\">"
                text += "\(HTMLText.escape(shown))<title>\(title)</title></text>"
            }
        }
        return text + "</g>"
    }

    // MARK: - Daylight saving and travel

    /// A change of the local clock: a daylight-saving transition of the
    /// zone in force, or a journey (`clock timezone`).
    struct ClockChange {
        var place: Int64
        /// `axis:dst:<UTC instant>` or `axis:zone:<zone>`.
        var row: String
        var label: String
        var title: String

    }

    func clockChanges() -> [ClockChange] {
        var changes: [ClockChange] = []
        let end = record.date(atPlace: record.span)
        for (index, segment) in zones.enumerated() {
            let until = index + 1 < zones.count ? zones[index + 1].from : end
            if index > 0 {
                let before = zones[index - 1].zone
                let offset = Self.offsetText(segment.zone.secondsFromGMT(for: segment.from))
                changes.append(
                    ClockChange(
                        place: segment.place, row: "axis:zone:\(segment.zone.identifier)",
                        label: "✈ \(segment.zone.identifier)",
                        title: "time zone \(before.identifier) → \(segment.zone.identifier) (UTC\(offset)) at "
                            + LocalTimeText.text(segment.from, calendar(at: segment.from))))
            }
            var local = calendar
            local.timeZone = segment.zone
            var next = segment.zone.nextDaylightSavingTimeTransition(after: segment.from)
            while let transition = next, transition < until {
                let delta =
                    segment.zone.secondsFromGMT(for: transition)
                    - segment.zone.secondsFromGMT(for: transition.addingTimeInterval(-1))
                let amount = delta % 3600 == 0 ? "\(abs(delta) / 3600) h" : "\(abs(delta) / 60) min"
                let before = local.dateComponents([.hour, .minute], from: transition.addingTimeInterval(-1))
                let after = local.dateComponents([.hour, .minute], from: transition)
                let wall =
                    String(
                        format: "%02d:%02d", ((before.hour ?? 0) + ((before.minute ?? 0) + 1) / 60) % 24,
                        ((before.minute ?? 0) + 1) % 60)
                    + String(format: " → %02d:%02d", after.hour ?? 0, after.minute ?? 0)
                changes.append(
                    ClockChange(
                        place: place(of: transition), row: "axis:dst:\(TraceEvent.timestamp(transition))",
                        label: "DST \(delta > 0 ? "+" : "−")\(amount)",
                        title: "daylight saving in \(segment.zone.identifier): \(wall) "
                            + "(UTC\(Self.offsetText(segment.zone.secondsFromGMT(for: transition))))"))
                next = segment.zone.nextDaylightSavingTimeTransition(after: transition)
            }
        }
        return changes
    }

    static func offsetText(_ seconds: Int) -> String {
        (seconds < 0 ? "−" : "+") + String(format: "%02d:%02d", abs(seconds) / 3600, abs(seconds) % 3600 / 60)
    }

    /// Each change a dashed line through the rows, labelled under them.
    private func clockLines(_ changes: [ClockChange], top: Double, bottom: Double) -> String {
        var text = ""
        for change in changes {
            let position = x(change.place)
            text += "<g data-row=\"\(HTMLText.escape(change.row))\" class=\"clock\">"
            text += "<line x1=\"\(f(position))\" y1=\"\(f(top - 6))\" x2=\"\(f(position))\" y2=\"\(f(bottom + 4))\"/>"
            text += "<text x=\"\(f(position))\" y=\"\(f(bottom + 16))\">\(HTMLText.escape(change.label))</text>"
            text += "<title>\(HTMLText.escape(change.title))</title></g>"
        }
        return text
    }

    /// The place of an ISO time (violations carry the emulated time they
    /// were found at): the first line at that time, or between the lines
    /// around it when none is.
    func place(ofTime text: String) -> Int64? {
        TraceEvent.date(fromTimestamp: text).map { place(of: $0) }
    }

    func place(of date: Date) -> Int64 {
        var previous: (time: Date, place: Int64)?
        for (index, time) in record.times.enumerated() {
            guard let time else { continue }
            if time >= date {
                guard time > date, let previous else { return record.places[index] }
                return min(
                    record.places[index], previous.place + RunRecord.micros(date.timeIntervalSince(previous.time)))
            }
            previous = (time, record.places[index])
        }
        return record.places.last ?? 0
    }

    private func localAt(_ place: Int64) -> String {
        let date = record.date(atPlace: place)
        return LocalTimeText.text(date, calendar(at: date))
    }

    private func f(_ value: Double) -> String { String(format: "%.1f", value) }
}
