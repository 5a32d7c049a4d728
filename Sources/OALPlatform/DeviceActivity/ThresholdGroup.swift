import OALDomain

/// How a registration's events are stored in the registry file (format
/// version 2): the events that share one selection and one
/// `includesPastActivity` flag, with the selection written once.
///
/// Events named `<prefix><n>` whose threshold is `n` minutes (the app's
/// per-minute usage counters, `minutes-1` … `minutes-60`) are written as
/// ranges of `n`; any other event keeps its name and threshold in `named`.
/// A 60-minute time limit is then one selection and one range instead of 60
/// objects each carrying the selection, which is what made the version 1
/// file 81 KB and its decode the largest cost of every process reading it.
/// Names stay opaque: the grouping is lossless for any event set.
struct ThresholdGroup: Codable, Hashable, Sendable {
    struct NumberedRange: Codable, Hashable, Sendable {
        var prefix: String
        var from: Int
        var through: Int
    }

    /// The longest threshold a range may hold: a week of use, the longest
    /// interval a schedule can have.
    static let maximumMinutes = DeviceActivitySchedule.maximumMinutes

    var selection: AppSelection
    var includesPastActivity: Bool
    var ranges: [NumberedRange]
    var named: [String: Int]

    private enum CodingKeys: String, CodingKey {
        case selection, includesPastActivity, ranges, named
    }

    init(selection: AppSelection, includesPastActivity: Bool, ranges: [NumberedRange], named: [String: Int]) {
        self.selection = selection
        self.includesPastActivity = includesPastActivity
        self.ranges = ranges
        self.named = named
    }

    init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        selection = try container.decode(AppSelection.self, forKey: .selection)
        includesPastActivity = try container.decodeIfPresent(Bool.self, forKey: .includesPastActivity) ?? false
        ranges = try container.decodeIfPresent([NumberedRange].self, forKey: .ranges) ?? []
        named = try container.decodeIfPresent([String: Int].self, forKey: .named) ?? [:]
        // A damaged range must not expand into millions of events.
        for range in ranges where range.from < 1 || range.through < range.from || range.through > Self.maximumMinutes {
            throw DecodingError.dataCorruptedError(
                forKey: .ranges, in: container,
                debugDescription:
                    "range \(range.prefix)\(range.from)…\(range.through) is not within 1…\(Self.maximumMinutes)")
        }
    }

    /// Empty parts are left out, as the flag is, so the common group is one
    /// selection and one range.
    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(selection, forKey: .selection)
        if includesPastActivity { try container.encode(true, forKey: .includesPastActivity) }
        if !ranges.isEmpty { try container.encode(ranges, forKey: .ranges) }
        if !named.isEmpty { try container.encode(named, forKey: .named) }
    }

    /// The groups of `events`, in a stable order (by their first event
    /// name), so the same events always give the same bytes.
    static func groups(of events: [String: DeviceActivityEvent]) -> [ThresholdGroup] {
        struct Key: Hashable {
            var selection: AppSelection
            var includesPastActivity: Bool
        }
        var members: [Key: [(name: String, minutes: Int)]] = [:]
        for (name, event) in events {
            let key = Key(selection: event.selection, includesPastActivity: event.includesPastActivity)
            members[key, default: []].append((name, event.thresholdMinutes))
        }
        let groups = members.map { key, events -> (first: String, group: ThresholdGroup) in
            let sorted = events.sorted { $0.name < $1.name }
            var numbered: [String: [Int]] = [:]
            var named: [String: Int] = [:]
            for event in sorted {
                if let prefix = numberedPrefix(event.name, minutes: event.minutes) {
                    numbered[prefix, default: []].append(event.minutes)
                } else {
                    named[event.name] = event.minutes
                }
            }
            var ranges: [NumberedRange] = []
            for prefix in numbered.keys.sorted() {
                for minutes in numbered[prefix, default: []].sorted() {
                    if let last = ranges.last, last.prefix == prefix, last.through + 1 == minutes {
                        ranges[ranges.count - 1].through = minutes
                    } else {
                        ranges.append(NumberedRange(prefix: prefix, from: minutes, through: minutes))
                    }
                }
            }
            let group = ThresholdGroup(
                selection: key.selection, includesPastActivity: key.includesPastActivity, ranges: ranges,
                named: named)
            return (sorted[0].name, group)
        }
        return groups.sorted { $0.first < $1.first }.map(\.group)
    }

    /// The prefix when `name` is exactly `<prefix><minutes>` (decimal, no
    /// leading zero, 1 ≤ minutes ≤ `maximumMinutes`), so the name can be
    /// rebuilt from a range.
    private static func numberedPrefix(_ name: String, minutes: Int) -> String? {
        guard minutes >= 1, minutes <= maximumMinutes else { return nil }
        let digits = String(minutes)
        guard name.hasSuffix(digits) else { return nil }
        return String(name.dropLast(digits.count))
    }

    /// The events this group stands for. Throws when a name occurs twice.
    func events(into events: inout [String: DeviceActivityEvent], codingPath: [CodingKey]) throws {
        func add(_ name: String, _ minutes: Int) throws {
            guard events[name] == nil else {
                throw DecodingError.dataCorrupted(
                    DecodingError.Context(codingPath: codingPath, debugDescription: "event \(name) is stored twice"))
            }
            events[name] = DeviceActivityEvent(
                selection: selection, thresholdMinutes: minutes, includesPastActivity: includesPastActivity)
        }
        for range in ranges {
            for minutes in range.from...range.through { try add(range.prefix + String(minutes), minutes) }
        }
        for (name, minutes) in named { try add(name, minutes) }
    }
}
