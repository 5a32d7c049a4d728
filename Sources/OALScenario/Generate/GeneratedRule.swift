import Foundation
import OALDomain
import OALPlatform

/// One rule a generated day sets up, with the list it blocks, and the
/// taps that add and change it.
struct GeneratedRule {
    enum Kind: String, CaseIterable {
        case schedule
        case timeLimit = "time-limit"
        case openLimit = "open-limit"
    }

    var kind: Kind
    var name: String
    var list: String
    var apps: [String]
    var categories: [String] = []
    var domains: [String] = []
    /// A schedule's window.
    var window: Window?
    var minutes = 0
    var opens = 0
    /// `--days`: nil for every day.
    var days: String?
    var hard = false
    var allowOnly = false
    var adult = false

    struct Window {
        var from: ClockTime
        var to: ClockTime
    }

    /// `app list add LIST --apps ...`.
    var listAdd: ScenarioAction {
        var words = ["list", "add", list, "--apps", apps.joined(separator: ",")]
        if !categories.isEmpty { words += ["--categories", categories.joined(separator: ",")] }
        if !domains.isEmpty { words += ["--domains", domains.joined(separator: ",")] }
        return .app(arguments: words)
    }

    /// `app rule add KIND NAME --list LIST ...`.
    var ruleAdd: ScenarioAction {
        var words = ["rule", "add", kind.rawValue, name, "--list", list]
        switch kind {
        case .schedule:
            words += ["--from", "\(window?.from ?? ClockTime(hour: 0, minute: 0))"]
            words += ["--to", "\(window?.to ?? ClockTime(hour: 0, minute: 0))"]
            if allowOnly { words.append("--allow-only") }
            if adult { words.append("--adult") }
        case .timeLimit: words += ["--minutes", "\(minutes)"]
        case .openLimit: words += ["--opens", "\(opens)"]
        }
        if let days { words += ["--days", days] }
        if hard { words.append("--hard") }
        return .app(arguments: words)
    }

    /// The apps a rule's list names, and those its categories hold.
    func covered(in catalog: InstalledAppCatalog) -> [String] {
        let inCategories = catalog.apps.filter { app in
            categories.contains { catalog.category(named: $0)?.token == app.category }
        }.map(\.name)
        return apps + inCategories.filter { !apps.contains($0) }
    }

    /// A rule of a drawn kind, numbered `number`, its window drawn against
    /// the schedules before it and the day's start.
    static func draw(
        number: Int, earlier: [GeneratedRule], start: GeneratedStart, _ random: inout SplitMix64
    ) -> GeneratedRule {
        let kind = random.element(of: Kind.allCases)
        let names: [Kind: [String]] = [
            .schedule: ["Sleep", "Deep Work", "Focus", "School Night"],
            .timeLimit: ["Cap", "Video Cap", "Social Cap"],
            .openLimit: ["Gate", "Game Gate", "Check-ins"],
        ]
        var rule = GeneratedRule(
            kind: kind, name: "\(random.element(of: names[kind]!)) \(number)", list: "List \(number)",
            apps: drawApps(&random))
        if random.int(in: 0..<6) == 0 { rule.categories = [random.element(of: ["Social", "Games", "Entertainment"])] }
        if random.int(in: 0..<8) == 0 {
            rule.domains = [random.element(of: InstalledAppCatalog.standard.webDomains.map(\.domain))]
        }
        switch kind {
        case .schedule:
            rule.window = drawWindow(earlier: earlier.compactMap(\.window), start: start, &random)
            rule.allowOnly = random.int(in: 0..<10) == 0
            rule.adult = random.int(in: 0..<12) == 0
        case .timeLimit: rule.minutes = random.element(of: [1, 2, 3, 5, 10, 15, 20, 30])
        case .openLimit: rule.opens = random.element(of: [1, 2, 3, 5])
        }
        rule.days = drawDays(start: start, &random)
        rule.hard = random.int(in: 0..<4) == 0
        return rule
    }

    /// One to three apps of the catalog, never OpenAppLock.
    static func drawApps(_ random: inout SplitMix64) -> [String] {
        let apps = DayGenerator.apps
        return Array(random.shuffled(apps).prefix(random.int(in: 1...3)))
    }

    /// `--days`: every day (nil) half the time, else weekdays, weekends,
    /// the start's weekday alone, every day but the start's, or a few days.
    static func drawDays(start: GeneratedStart, _ random: inout SplitMix64) -> String? {
        let names = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"]
        let weekday = start.days.calendar.component(.weekday, from: start.start) - 1
        switch random.int(in: 0..<10) {
        case 5: return "weekdays"
        case 6: return "weekends"
        case 7: return names[weekday]
        case 8: return (0..<7).filter { $0 != weekday }.map { names[$0] }.joined(separator: ",")
        case 9:
            let chosen = Set(random.shuffled(0..<7).prefix(random.int(in: 2...4)))
            return (0..<7).filter(chosen.contains).map { names[$0] }.joined(separator: ",")
        default: return nil
        }
    }

    /// A window: crossing midnight, the whole day, short (some under the
    /// 15 minutes DeviceActivity needs), starting soon after the run does,
    /// at the hours a daylight-saving change skips or repeats, adjacent to
    /// or overlapping an earlier schedule's, or anywhere.
    static func drawWindow(earlier: [Window], start: GeneratedStart, _ random: inout SplitMix64) -> Window {
        func clock(_ minutes: Int) -> ClockTime {
            let wrapped = ((minutes % 1440) + 1440) % 1440
            return ClockTime(hour: wrapped / 60, minute: wrapped % 60)
        }
        func minutes(_ time: ClockTime) -> Int { time.hour * 60 + time.minute }
        let startClock = start.days.local(start.start).clock
        switch random.int(in: 0..<9) {
        case 0, 1:
            return Window(from: clock(random.int(in: 80...95) * 15), to: clock(random.int(in: 16...32) * 15))
        case 2:
            let at = random.element(of: [0, minutes(startClock), 9 * 60])
            return Window(from: clock(at), to: clock(at))
        case 3:
            let from = random.int(in: 0..<288) * 5
            return Window(from: clock(from), to: clock(from + random.element(of: [1, 5, 10, 14, 15, 20])))
        case 4:
            let from = minutes(startClock) + random.element(of: [10, 30, 60, 120])
            return Window(from: clock(from), to: clock(from + random.element(of: [30, 60, 90])))
        case 5:
            let edges = changeEdges(start)
            return Window(from: random.element(of: edges), to: random.element(of: edges))
        case 6 where !earlier.isEmpty:
            let other = random.element(of: earlier)
            return Window(from: other.to, to: clock(minutes(other.to) + random.element(of: [30, 60, 120])))
        case 7 where !earlier.isEmpty:
            let other = random.element(of: earlier)
            return Window(from: clock(minutes(other.from) + 30), to: clock(minutes(other.to) + 30))
        default:
            return Window(from: clock(random.int(in: 0..<288) * 5), to: clock(random.int(in: 0..<288) * 5))
        }
    }

    /// Wall-clock times around the zone's change (the last minute before
    /// it, its first after, half an hour either side), or the hours most
    /// zones change at.
    static func changeEdges(_ start: GeneratedStart) -> [ClockTime] {
        guard let change = start.transition else {
            return [(1, 30), (2, 0), (2, 30), (3, 0)].map { ClockTime(hour: $0.0, minute: $0.1) }
        }
        return [-1800, -60, 0, 1800].map { start.days.local(change.addingTimeInterval(TimeInterval($0))).clock }
            .map { ClockTime(hour: $0.hour, minute: $0.minute) }
    }
}
