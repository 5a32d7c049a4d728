import Foundation
import OALEmulator
import OALOracle
import OALScenario

/// A scenario as the shrinker edits it: the header it keeps, and one
/// entry per timed line at an absolute offset from day 1's midnight, so
/// lines can be removed and moved and the text written back.
struct ShrinkScenario: Hashable, Sendable {
    /// `timezone` and `start` lines, kept as written.
    var fixedHeader: [String]
    var seed: UInt64
    /// Seconds from day 1's local midnight.
    var end: Int
    /// The scenario ends at its start (no `end` line and no timed line
    /// after the start): an `end` line cannot say so, the parser wants an
    /// explicit end after the start, so none is written.
    var endsAtStart: Bool
    /// Header `fault` and `catalog` lines (words after the keyword).
    var headerFaults: [[String]]
    var catalog: [[String]]
    var timed: [Timed]

    struct Timed: Hashable, Sendable {
        /// Seconds from day 1's local midnight.
        var offset: Int
        /// The action's words (`fault kill ...`, `press open on Chess for 5m`).
        var words: [String]

        var isFault: Bool { words.first == "fault" }
    }

    /// Reads a scenario file: comments dropped, `day N` folded into each
    /// line's offset, the end made explicit.
    init(text: String, scenario: Scenario, seed: UInt64) throws {
        fixedHeader = []
        endsAtStart = false
        self.seed = seed
        headerFaults = []
        catalog = []
        timed = []
        var day = 1
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let words = try LineTokenizer.words(raw)
            guard let keyword = words.first else { continue }
            let rest = Array(words.dropFirst())
            switch keyword {
            case "timezone", "start": fixedHeader.append(Self.join(words))
            case "seed", "end": break
            case "fault": headerFaults.append(rest)
            case "catalog": catalog.append(rest)
            case "day": day = Int(rest.first ?? "") ?? day
            case "at":
                var body = rest[...]
                var lineDay = day
                if body.first == "day", body.count >= 2, let n = Int(body[body.startIndex + 1]) {
                    lineDay = n
                    body = body.dropFirst(2)
                }
                guard let clock = body.first.flatMap(ClockTime.init) else { continue }
                timed.append(
                    Timed(
                        offset: (lineDay - 1) * 86_400 + clock.hour * 3600 + clock.minute * 60 + clock.second,
                        words: Array(body.dropFirst())))
            default: continue
            }
        }
        end = Self.offset(of: scenario.end, scenario: scenario)
        endsAtStart = scenario.end <= scenario.start
    }

    /// An instant as seconds from day 1's local midnight.
    static func offset(of date: Date, scenario: Scenario) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: scenario.timeZoneIdentifier) ?? .gmt
        let midnight = calendar.startOfDay(for: scenario.start)
        let days = calendar.dateComponents([.day], from: midnight, to: calendar.startOfDay(for: date)).day ?? 0
        let parts = calendar.dateComponents([.hour, .minute, .second], from: date)
        return days * 86_400 + (parts.hour ?? 0) * 3600 + (parts.minute ?? 0) * 60 + (parts.second ?? 0)
    }

    static func clock(_ offset: Int) -> String {
        let day = offset / 86_400 + 1
        let seconds = offset % 86_400
        let text = String(format: "%02d:%02d", seconds / 3600, seconds % 3600 / 60)
        return "day \(day) " + (seconds % 60 == 0 ? text : text + String(format: ":%02d", seconds % 60))
    }

    /// Adds a fault (from `--fault` or a seed's draw) as a line: timed
    /// ones first among the lines of their instant (they fire before the
    /// user's steps there), the others in the header.
    mutating func add(fault: String, at offset: Int?) throws {
        let words = try LineTokenizer.words(Substring(fault))
        guard let offset else {
            headerFaults.append(words)
            return
        }
        let index = timed.firstIndex { $0.offset >= offset } ?? timed.count
        timed.insert(Timed(offset: offset, words: ["fault"] + words), at: index)
    }

    func text(comment: [String] = []) -> String {
        var lines = comment.map { "# " + $0 }
        lines += fixedHeader
        if !endsAtStart { lines.append("end \(Self.clock(end))") }
        lines.append("seed \(seed)")
        lines += headerFaults.map { "fault " + Self.join($0) }
        lines += catalog.map { "catalog " + Self.join($0) }
        for line in timed.sorted(by: { $0.offset < $1.offset }) {
            lines.append("at \(Self.clock(line.offset)) " + Self.join(line.words))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// How many lines a reader sees besides the fixed header.
    var size: Int { headerFaults.count + catalog.count + timed.count }

    /// Words back to a line, quoting those that need it (`ScenarioWords`).
    static func join(_ words: [String]) -> String { ScenarioWords.line(words) }
}
