import Foundation
import OALDomain

/// The user's day after the set-up: opens of apps for drawn durations,
/// the shield's two buttons, OpenAppLock in front, taps in the app at any
/// minute of the day or night (edits, disables, deletes, unblocks, Hard
/// Mode, Uninstall Protection, new rules), and the Screen Time switch.
/// Drawn in time order, so a tap never names a rule deleted before it.
struct GeneratedHabits {
    var rules: [GeneratedRule]
    var start: GeneratedStart
    /// The first instant after the set-up taps.
    var from: Date
    /// Rules deleted so far.
    var deleted: Set<String> = []
    var disabled: Set<String> = []
    /// Events drawn for later instants (an enable after a disable, the
    /// Screen Time switch back on).
    var later: [(Date, ScenarioAction)] = []
    var events: [(Date, ScenarioAction)] = []

    init(rules: [GeneratedRule], start: GeneratedStart, from: Date) {
        self.rules = rules
        self.start = start
        self.from = from
    }

    /// Every habit of the day, in time order.
    mutating func draw(_ random: inout SplitMix64) -> [(Date, ScenarioAction)] {
        let instants = (0..<random.int(in: 8...20)).map { _ in instant(&random) }.sorted()
        for instant in instants {
            events += action(at: instant, &random).map { (instant, $0) }
        }
        return events + later
    }

    /// A minute between the set-up and the end: one in three at an edge
    /// (a window's start or end, a midnight, the zone's change) give or
    /// take two minutes, one in eight with seconds.
    func instant(_ random: inout SplitMix64) -> Date {
        let span = Int(start.end.timeIntervalSince(from) / 60)
        var time = from.addingTimeInterval(TimeInterval(random.int(in: 0..<max(1, span)) * 60))
        let edges = self.edges
        if random.int(in: 0..<3) == 0, !edges.isEmpty {
            time = random.element(of: edges).addingTimeInterval(TimeInterval(random.int(in: -2...2) * 60))
        }
        if random.int(in: 0..<8) == 0 { time = time.addingTimeInterval(TimeInterval(random.int(in: 1...59))) }
        return min(max(time, from), start.end.addingTimeInterval(-60))
    }

    /// The instants the rules and the calendar change at during the run.
    var edges: [Date] {
        var edges: [Date] = []
        for day in 1...3 {
            edges += rules.compactMap(\.window).flatMap { [$0.from, $0.to] }.compactMap {
                start.days.firstInstant(day: day, $0)
            }
            edges += start.days.firstInstant(day: day, ClockTime(hour: 0, minute: 0)).map { [$0] } ?? []
        }
        edges += start.transition.map { [$0] } ?? []
        return edges.filter { $0 > from && $0 < start.end }
    }

    private var alive: [GeneratedRule] { rules.filter { !deleted.contains($0.name) } }

    /// The app a habit uses: one a rule covers seven times in ten, else any.
    private func someApp(_ random: inout SplitMix64, preferring kind: GeneratedRule.Kind? = nil) -> String {
        let preferred = alive.filter { kind == nil || $0.kind == kind }.flatMap(\.apps)
        let covered = preferred.isEmpty ? alive.flatMap(\.apps) : preferred
        if !covered.isEmpty, random.int(in: 0..<10) < 7 { return random.element(of: covered) }
        return random.element(of: DayGenerator.apps)
    }

    private static let durations = [1, 2, 5, 10, 15, 20, 30, 45, 60].map { TimeInterval($0 * 60) }

    mutating func action(at instant: Date, _ random: inout SplitMix64) -> [ScenarioAction] {
        switch random.int(in: 0..<20) {
        case 0..<6:
            return [.open(app: someApp(&random), duration: random.element(of: Self.durations))]
        case 6..<9:
            let duration = random.int(in: 0..<3) == 0 ? nil : TimeInterval(random.element(of: [5, 10, 20]) * 60)
            return [.press(.open, app: someApp(&random, preferring: .openLimit), duration: duration)]
        case 9:
            return [.press(.close, app: someApp(&random), duration: nil)]
        case 10, 11:
            return [.open(app: "OpenAppLock", duration: TimeInterval(random.element(of: [1, 2, 5, 15]) * 60))]
        case 12:
            return [.leave]
        case 19:
            let back = instant.addingTimeInterval(TimeInterval(random.element(of: [15, 60, 120]) * 60))
            if back < start.end { later.append((back, .authorization(.restore))) }
            return [.authorization(.revoke)]
        default:
            return tap(at: instant, &random)
        }
    }

    /// One tap in the app.
    mutating func tap(at instant: Date, _ random: inout SplitMix64) -> [ScenarioAction] {
        let alive = self.alive
        guard let rule = alive.isEmpty ? nil : random.element(of: alive) else { return [.app(arguments: ["refresh"])] }
        switch random.int(in: 0..<11) {
        case 0, 1:
            return [.app(arguments: ["rule", "edit", rule.name] + edit(rule, &random))]
        case 2:
            disabled.insert(rule.name)
            let back = instant.addingTimeInterval(TimeInterval(random.element(of: [5, 30, 120, 600]) * 60))
            if random.bool(), back < start.end { later.append((back, .app(arguments: ["rule", "enable", rule.name]))) }
            return [.app(arguments: ["rule", "disable", rule.name])]
        case 3:
            return [.app(arguments: ["rule", "enable", rule.name])]
        case 4:
            deleted.insert(rule.name)
            return [.app(arguments: ["rule", "delete", rule.name])]
        case 5, 6:
            return [.app(arguments: ["rule", "unblock", rule.name])]
        case 7:
            return [.app(arguments: ["refresh"])]
        case 8:
            return [.app(arguments: ["settings", "uninstall-protection", random.bool() ? "on" : "off"])]
        case 9:
            return [
                .app(arguments: [
                    "list", "edit", rule.list, "--apps", GeneratedRule.drawApps(&random).joined(separator: ","),
                ])
            ]
        default:
            var added = GeneratedRule.draw(
                number: rules.count + 1, earlier: rules, start: start, &random)
            added.list = "List \(rules.count + 1)"
            rules.append(added)
            return [added.listAdd, added.ruleAdd]
        }
    }

    /// `rule edit` options for the rule's kind, or Hard Mode on or off.
    private func edit(_ rule: GeneratedRule, _ random: inout SplitMix64) -> [String] {
        switch random.int(in: 0..<4) {
        case 0: return [rule.hard ? "--soft" : random.element(of: ["--hard", "--soft"])]
        case 1: return ["--days", GeneratedRule.drawDays(start: start, &random) ?? "every"]
        default:
            switch rule.kind {
            case .schedule:
                let window = GeneratedRule.drawWindow(earlier: rules.compactMap(\.window), start: start, &random)
                return ["--from", "\(window.from)", "--to", "\(window.to)"]
            case .timeLimit: return ["--minutes", "\(random.element(of: [1, 2, 5, 10, 20, 45]))"]
            case .openLimit: return ["--opens", "\(random.element(of: [1, 2, 3, 4]))"]
            }
        }
    }
}
