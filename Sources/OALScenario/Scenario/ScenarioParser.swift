import Foundation
import OALPlatform

/// Reads the line-oriented scenario format of docs/SCENARIOS.md.
///
/// Two passes: the first reads every line (so the header may name the time
/// zone after the start), the second resolves `day N HH:MM` to instants.
/// App names are checked against the standard catalog plus the scenario's
/// own `catalog app` lines, so a typo fails at parse time, not mid-run.
public struct ScenarioParser {
    public let file: String

    /// The last day a scenario may name: about a hundred years. A larger N
    /// is no instant the calendar can reach (it was reported as a DST gap).
    public static let maximumDay = 36_600

    public static func dayTooLate(_ day: Int) -> String {
        "day \(day) is past the last day a scenario may name (\(maximumDay), about 100 years)"
    }

    public init(file: String) {
        self.file = file
    }

    /// Reads and parses the file at `path`.
    public static func load(path: String) throws(ScenarioError) -> Scenario {
        guard let data = FileManager.default.contents(atPath: path) else {
            let missing = !FileManager.default.fileExists(atPath: path)
            throw ScenarioError(
                file: path, line: 0, message: missing ? "no such scenario file" : "cannot read the scenario file",
                fileIsMissing: missing)
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ScenarioError(file: path, line: 0, message: "the scenario is not UTF-8 text")
        }
        return try ScenarioParser(file: path).parse(text)
    }

    public func parse(_ text: String) throws(ScenarioError) -> Scenario {
        var draft = ScenarioDraft()
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = index + 1
            let words: [String]
            do {
                words = try LineTokenizer.words(rawLine)
            } catch {
                switch error {
                case .unterminatedQuote: throw fail(line, "unterminated quote")
                case .nul: throw fail(line, "a NUL byte: no process argument can carry one")
                case .wordTooLong(let bytes):
                    throw fail(
                        line, "a word of \(bytes) bytes; a word has at most \(LineTokenizer.maximumWordBytes)")
                case .lineTooLong(let bytes):
                    throw fail(
                        line, "a line of \(bytes) bytes; a line has at most \(LineTokenizer.maximumLineBytes)")
                }
            }
            guard let keyword = words.first else { continue }
            try read(keyword, Array(words.dropFirst()), line: line, into: &draft)
        }
        return try resolve(draft)
    }

    // MARK: - First pass

    private func read(_ keyword: String, _ rest: [String], line: Int, into draft: inout ScenarioDraft)
        throws(ScenarioError)
    {
        let isHeader = ["timezone", "start", "end", "seed", "catalog", "fault"].contains(keyword)
        if isHeader, !draft.timed.isEmpty {
            throw fail(line, "'\(keyword)' belongs in the header, before the first timed line")
        }
        switch keyword {
        case "timezone":
            guard rest.count == 1 else { throw fail(line, "usage: timezone ZONE (e.g. Europe/Paris)") }
            guard TimeZone(identifier: rest[0]) != nil else { throw fail(line, "unknown time zone '\(rest[0])'") }
            draft.timeZone = (rest[0], line)
        case "start":
            guard rest.count == 2, let local = LocalDateTime(date: rest[0], time: rest[1]) else {
                throw fail(line, "usage: start yyyy-MM-dd HH:MM")
            }
            draft.start = (local, line)
        case "end":
            draft.end = (try readEnd(rest, line: line), line)
        case "seed":
            guard rest.count == 1, let seed = UInt64(rest[0]) else {
                throw fail(line, "usage: seed N (a whole number)")
            }
            draft.seed = seed
        case "catalog":
            guard rest.count == 4, rest[0] == "app" else {
                throw fail(line, "usage: catalog app NAME BUNDLE-ID CATEGORY")
            }
            draft.catalog.install(name: rest[1], bundleIdentifier: rest[2], categoryName: rest[3])
            draft.additions.append(CatalogAddition(name: rest[1], bundleIdentifier: rest[2], category: rest[3]))
        case "fault":
            do {
                draft.faults.append(try FaultParser.parse(rest))
            } catch {
                throw fail(line, "fault: \(error.message)")
            }
        case "day":
            guard rest.count == 1, let day = Int(rest[0]), day >= 1 else { throw fail(line, "usage: day N (N ≥ 1)") }
            guard day <= Self.maximumDay else { throw fail(line, Self.dayTooLate(day)) }
            draft.currentDay = day
        case "at":
            try readTimed(rest, line: line, into: &draft)
        default:
            throw fail(
                line, "unknown keyword '\(keyword)' (expected timezone, start, end, seed, catalog, fault, day or at)")
        }
    }

    private func readEnd(_ rest: [String], line: Int) throws(ScenarioError) -> EndSpec {
        if rest.count == 1, rest[0].hasPrefix("+"), let span = DurationText.parse(String(rest[0].dropFirst())) {
            return .after(span)
        }
        if rest.count == 2, rest[0] == "after", let span = DurationText.parse(rest[1]) { return .after(span) }
        if rest.count == 2, let local = LocalDateTime(date: rest[0], time: rest[1]) { return .at(local) }
        if rest.count == 3, rest[0] == "day", let day = Int(rest[1]), day >= 1, let clock = ClockTime(rest[2]) {
            guard day <= Self.maximumDay else { throw fail(line, Self.dayTooLate(day)) }
            return .day(day, clock)
        }
        throw fail(line, "usage: end yyyy-MM-dd HH:MM | end day N HH:MM | end +DURATION")
    }

    private func readTimed(_ rest: [String], line: Int, into draft: inout ScenarioDraft) throws(ScenarioError) {
        var words = rest[...]
        var day = draft.currentDay
        if words.first == "day" {
            guard words.count >= 2, let number = Int(words[words.startIndex + 1]), number >= 1 else {
                throw fail(line, "usage: at [day N] HH:MM ACTION")
            }
            guard number <= Self.maximumDay else { throw fail(line, Self.dayTooLate(number)) }
            day = number
            words = words.dropFirst(2)
        }
        guard let clockWord = words.first, let clock = ClockTime(clockWord) else {
            if let problem = words.first.flatMap(ClockTime.problem) { throw fail(line, problem) }
            throw fail(line, "usage: at [day N] HH:MM[:SS] [(second)] ACTION")
        }
        words = words.dropFirst()
        var occurrence: Occurrence?
        if let word = words.first, word.hasPrefix("("), word.hasSuffix(")") {
            guard let named = Occurrence(word: word) else {
                throw fail(line, "unknown time qualifier '\(word)' (expected \(Occurrence.usage))")
            }
            occurrence = named
            words = words.dropFirst()
        }
        let actionWords = Array(words)
        guard !actionWords.isEmpty else { throw fail(line, "missing action after the time") }
        let action = try ActionParser(catalog: draft.catalog, fail: { fail(line, $0) }).parse(actionWords)
        draft.timed.append(
            TimedDraft(
                day: day, clock: clock, occurrence: occurrence, action: action, line: line,
                text: actionWords.joined(separator: " ")))
    }

    // MARK: - Second pass

    private func resolve(_ draft: ScenarioDraft) throws(ScenarioError) -> Scenario {
        guard let (startLocal, startLine) = draft.start else {
            throw fail(1, "the header needs 'start yyyy-MM-dd HH:MM'")
        }
        let zone = draft.timeZone?.0 ?? "UTC"
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone) ?? .gmt
        guard let start = startLocal.instant(in: calendar) else {
            throw fail(startLine, "the start time does not exist in \(zone) (a daylight-saving gap?)")
        }
        let days = ScenarioCalendar(zone: zone, start: start)
        func instant(day: Int, _ clock: ClockTime, line: Int) throws(ScenarioError) -> Date {
            guard let time = days.firstInstant(day: day, clock) else {
                throw fail(line, "day \(day) \(clock) does not exist in \(zone) (a daylight-saving gap)")
            }
            return time
        }
        var steps: [ScenarioStep] = []
        // The first instant unless the line names another (DOMAIN.md: a
        // repeated time's edge is its first occurrence).
        func instant(_ timed: TimedDraft) throws(ScenarioError) -> Date {
            let first = try instant(day: timed.day, timed.clock, line: timed.line)
            guard let occurrence = timed.occurrence else { return first }
            let second = Occurrence.secondInstant(after: first, in: calendar)
            let said = "day \(timed.day) \(timed.clock)"
            switch occurrence {
            case .first, .second:
                guard let second else {
                    throw fail(
                        timed.line, "\(timed.clock) happens once on day \(timed.day) in \(zone): no repeated hour")
                }
                return occurrence == .first ? first : second
            case .offset(let seconds):
                let offsets = [first] + (second.map { [$0] } ?? [])
                if let match = offsets.first(where: { calendar.timeZone.secondsFromGMT(for: $0) == seconds }) {
                    return match
                }
                let valid = offsets.map { Occurrence.offsetText(calendar.timeZone.secondsFromGMT(for: $0)) }
                throw fail(
                    timed.line,
                    "\(said) is at \(valid.joined(separator: " or ")) in \(zone), not \(Occurrence.offsetText(seconds))"
                )
            }
        }
        for timed in draft.timed {
            let time = try instant(timed)
            if time < start { throw fail(timed.line, "day \(timed.day) \(timed.clock) is before the start") }
            if let previous = steps.last, time < previous.time {
                throw fail(timed.line, "day \(timed.day) \(timed.clock) is earlier than the line before it")
            }
            steps.append(ScenarioStep(time: time, line: timed.line, action: timed.action, text: timed.text))
        }
        var end = steps.last?.time ?? start
        if let (spec, line) = draft.end {
            switch spec {
            case .after(let span): end = start.addingTimeInterval(span)
            case .at(let local):
                guard let date = local.instant(in: calendar) else {
                    throw fail(line, "the end does not exist in \(zone)")
                }
                end = date
            case .day(let day, let clock): end = try instant(day: day, clock, line: line)
            }
            if end <= start { throw fail(line, "the end must be after the start") }
            if let last = steps.last, last.time > end {
                throw fail(last.line, "this line is after the scenario's end")
            }
        }
        return Scenario(
            file: file, timeZoneIdentifier: zone, start: start, end: end, seed: draft.seed,
            catalogAdditions: draft.additions, steps: steps, faults: draft.faults)
    }

    public func fail(_ line: Int, _ message: String) -> ScenarioError {
        ScenarioError(file: file, line: line, message: message)
    }
}

// MARK: - Drafts

private struct ScenarioDraft {
    public var timeZone: (String, Int)?
    public var start: (LocalDateTime, Int)?
    public var end: (EndSpec, Int)?
    public var seed: UInt64 = 0
    public var catalog = InstalledAppCatalog.standard
    public var additions: [CatalogAddition] = []
    public var faults: [Fault] = []
    public var currentDay = 1
    public var timed: [TimedDraft] = []
}

private struct TimedDraft {
    public var day: Int
    public var clock: ClockTime
    public var occurrence: Occurrence?
    public var action: ScenarioAction
    public var line: Int
    public var text: String
}

private enum EndSpec {
    case after(TimeInterval)
    case at(LocalDateTime)
    case day(Int, ClockTime)
}
