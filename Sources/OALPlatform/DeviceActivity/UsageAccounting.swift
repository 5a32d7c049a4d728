import Foundation

/// The emulated OS's running totals behind DeviceActivity events: how long
/// covered apps have been frontmost in each activity's current interval,
/// and its own record of which app was frontmost when.
///
/// Only the emulated OS reads or writes this (it lives in
/// `<root>/system/device-state.json`); apps and extensions learn of usage
/// solely through `eventDidReachThreshold`, as on iOS.
public struct UsageAccounting: Codable, Hashable, Sendable {
    public struct Counter: Codable, Hashable, Sendable {
        public var generation: Int
        public var intervalStart: Date
        public var usedSeconds: [String: Double]
        public var reached: Set<String>
        /// The events already warned (`eventWillReachThresholdWarning`).
        /// Nil until the first warning, so a counter of a schedule without
        /// a warning time, and one saved before warnings existed, keep their
        /// bytes.
        public var warned: Set<String>? = nil

        func hasWarned(_ event: String) -> Bool { warned?.contains(event) ?? false }

        mutating func markWarned(_ event: String) { warned = (warned ?? []).union([event]) }
    }

    /// One app frontmost over `[from, to)`, as the OS saw it.
    public struct FrontmostSpan: Codable, Hashable, Sendable {
        /// The app's bundle identifier.
        public var app: String
        public var from: Date
        public var to: Date

        public init(app: String, from: Date, to: Date) {
            self.app = app
            self.from = from
            self.to = to
        }
    }

    /// One event whose threshold, or the warning before it, was crossed,
    /// and when: `kind` is `eventDidReachThreshold` or
    /// `eventWillReachThresholdWarning`.
    public struct Crossing: Hashable, Sendable {
        public var kind: CallbackKind
        public var activity: String
        public var event: String
        public var at: Date

        /// Time order; at one instant an event's warning comes before its
        /// threshold.
        static func inOrder(_ a: Crossing, _ b: Crossing) -> Bool {
            func rank(_ crossing: Crossing) -> Int { crossing.kind == .eventWillReachThresholdWarning ? 0 : 1 }
            return (a.at, a.activity, a.event, rank(a)) < (b.at, b.activity, b.event, rank(b))
        }
    }

    /// The interval of a registration in progress at an instant, as
    /// `ActivityRegistration.interval(at:calendar:)` answers it. The
    /// emulated OS passes its memo of interval edges (the calendar search
    /// behind the answer is most of an `accrue`'s cost); nil asks the
    /// calendar.
    public typealias IntervalLookup = (ActivityRegistration, Date) -> DateInterval?

    public var counters: [String: Counter]
    /// Every app's frontmost time, oldest first, back to `historyHorizon`
    /// before the latest use: what an event with `includesPastActivity`
    /// counts from before it started. Contiguous use of one app is one span.
    public var history: [FrontmostSpan]

    /// How far back the history reaches: DeviceActivity's longest interval
    /// (a week) and a day to spare.
    public static let historyHorizon: TimeInterval = 8 * 86_400

    public init(counters: [String: Counter] = [:], history: [FrontmostSpan] = []) {
        self.counters = counters
        self.history = history
    }

    private enum CodingKeys: String, CodingKey { case counters, history }

    /// Device state saved before the history existed reads with none.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        counters = try container.decode([String: Counter].self, forKey: .counters)
        history = try container.decodeIfPresent([FrontmostSpan].self, forKey: .history) ?? []
    }

    /// Adds the time `app` was frontmost over `[from, to)` to every event
    /// that covers it, records it in the history, and returns the
    /// thresholds crossed, and the warnings before them (the schedule's
    /// warning time before the threshold), in time order.
    ///
    /// The caller steps time so that no interval boundary falls strictly
    /// inside `[from, to)`; usage is clipped to the interval in progress at
    /// `from` all the same.
    public mutating func accrue(
        app: InstalledApp, from: Date, to: Date, registry: ActivityRegistry, catalog: InstalledAppCatalog,
        calendar: Calendar, intervals: IntervalLookup? = nil
    ) -> [Crossing] {
        guard to > from else { return [] }
        let intervalAt = intervals ?? { $0.interval(at: $1, calendar: calendar) }
        var crossings: [Crossing] = []
        for (name, registration) in registry.activities.sorted(by: { $0.key < $1.key }) {
            guard let interval = intervalAt(registration, from) else { continue }
            let countFrom = max(from, registration.registeredAt, interval.start)
            let countTo = min(to, interval.end)
            guard countTo > countFrom else { continue }
            var counter = currentCounter(
                for: registration, interval: interval, name: name, before: countFrom, catalog: catalog,
                calendar: calendar)
            // Thresholds the past activity alone already meets cross first.
            crossings += counter.crossAll(registration, name: name, at: countFrom)
            for (eventName, event) in registration.events.sorted(by: { $0.key < $1.key })
            where event.counts(app, in: catalog) {
                let before = counter.usedSeconds[eventName, default: 0]
                let after = before + countTo.timeIntervalSince(countFrom)
                counter.usedSeconds[eventName] = after
                if let warning = registration.warningUsage(of: event), !counter.hasWarned(eventName),
                    !counter.reached.contains(eventName), after >= warning
                {
                    counter.markWarned(eventName)
                    crossings.append(
                        Crossing(
                            kind: .eventWillReachThresholdWarning, activity: name, event: eventName,
                            at: countFrom.addingTimeInterval(max(warning - before, 0))))
                }
                let threshold = Double(event.thresholdMinutes * 60)
                if !counter.reached.contains(eventName), after >= threshold {
                    counter.reached.insert(eventName)
                    crossings.append(
                        Crossing(
                            kind: .eventDidReachThreshold, activity: name, event: eventName,
                            at: countFrom.addingTimeInterval(threshold - before)))
                }
            }
            counters[name] = counter
        }
        remember(app: app.bundleIdentifier, from: from, to: to)
        return crossings.sorted(by: Crossing.inOrder)
    }

    /// Starts the counters of activities registered or restarted since the
    /// last look, in the interval in progress at `instant`, and returns the
    /// thresholds that their past activity (`includesPastActivity`) already
    /// meets: iOS reports those at once, so they are due at `instant`.
    /// Idempotent: a threshold is reported once per counter.
    public mutating func catchUp(
        registry: ActivityRegistry, at instant: Date, catalog: InstalledAppCatalog, calendar: Calendar,
        intervals: IntervalLookup? = nil
    ) -> [Crossing] {
        let intervalAt = intervals ?? { $0.interval(at: $1, calendar: calendar) }
        var crossings: [Crossing] = []
        for (name, registration) in registry.activities.sorted(by: { $0.key < $1.key })
        where !registration.events.isEmpty {
            guard let interval = intervalAt(registration, instant) else { continue }
            if let existing = counters[name], existing.generation == registration.generation,
                existing.intervalStart == interval.start
            {
                continue
            }
            var counter = currentCounter(
                for: registration, interval: interval, name: name, before: instant, catalog: catalog,
                calendar: calendar)
            crossings += counter.crossAll(registration, name: name, at: instant)
            counters[name] = counter
        }
        return crossings
    }

    /// How long `app` can stay frontmost from `instant` before the next
    /// threshold it counts towards, or the warning before one, is crossed;
    /// nil when none is ahead.
    public func secondsUntilNextThreshold(
        app: InstalledApp, at instant: Date, registry: ActivityRegistry, catalog: InstalledAppCatalog,
        calendar: Calendar, intervals: IntervalLookup? = nil
    ) -> TimeInterval? {
        let intervalAt = intervals ?? { $0.interval(at: $1, calendar: calendar) }
        var best: TimeInterval?
        for (name, registration) in registry.activities {
            guard let interval = intervalAt(registration, instant),
                instant >= registration.registeredAt
            else { continue }
            let counter = currentCounter(
                for: registration, interval: interval, name: name, before: instant, catalog: catalog,
                calendar: calendar)
            for (eventName, event) in registration.events
            where !counter.reached.contains(eventName) && event.counts(app, in: catalog) {
                let used = counter.usedSeconds[eventName, default: 0]
                var remaining = Double(event.thresholdMinutes * 60) - used
                if let warning = registration.warningUsage(of: event), !counter.hasWarned(eventName) {
                    remaining = min(remaining, warning - used)
                }
                best = min(best ?? remaining, max(0, remaining))
            }
        }
        return best
    }

    /// Forgets counters of activities that are no longer registered.
    public mutating func prune(to registry: ActivityRegistry) {
        counters = counters.filter { registry.activities[$0.key] != nil }
    }

    /// The counter of `registration`'s current generation and interval; a
    /// new one when there is none yet (a restart resets the count, as on
    /// iOS), seeded for each event with `includesPastActivity` with the
    /// covered apps' frontmost time in the interval before `instant`.
    func currentCounter(
        for registration: ActivityRegistration, interval: DateInterval, name: String, before instant: Date,
        catalog: InstalledAppCatalog, calendar: Calendar
    ) -> Counter {
        if let existing = counters[name], existing.generation == registration.generation,
            existing.intervalStart == interval.start
        {
            return existing
        }
        var counter = Counter(
            generation: registration.generation, intervalStart: interval.start, usedSeconds: [:], reached: [])
        for (eventName, event) in registration.events where event.includesPastActivity {
            let from = Self.pastActivityStart(of: interval, calendar: calendar)
            let past = pastSeconds(from: from, to: instant) { bundle in
                catalog.apps.first { $0.bundleIdentifier == bundle }.map { event.counts($0, in: catalog) } ?? false
            }
            if past > 0 { counter.usedSeconds[eventName] = past }
        }
        return counter
    }

    /// Where an event with `includesPastActivity` starts counting past use:
    /// the start of the hour the interval starts in. Apple's page for the
    /// flag: a schedule starting at 1:15pm "will still include usage from
    /// 1:00pm to 1:15pm".
    public static func pastActivityStart(of interval: DateInterval, calendar: Calendar) -> Date {
        calendar.dateInterval(of: .hour, for: interval.start)?.start ?? interval.start
    }

    /// Seconds over `[from, to)` during which an app `covers` accepts was
    /// frontmost.
    private func pastSeconds(from: Date, to: Date, covers: (String) -> Bool) -> TimeInterval {
        guard to > from else { return 0 }
        var total: TimeInterval = 0
        for span in history where span.to > from && span.from < to && covers(span.app) {
            total += min(span.to, to).timeIntervalSince(max(span.from, from))
        }
        return total
    }

    private mutating func remember(app: String, from: Date, to: Date) {
        if let last = history.last, last.app == app, last.to == from {
            history[history.count - 1].to = to
        } else {
            history.append(FrontmostSpan(app: app, from: from, to: to))
        }
        let horizon = to.addingTimeInterval(-Self.historyHorizon)
        if let first = history.first, first.to < horizon {
            history.removeAll { $0.to < horizon }
        }
    }
}

extension UsageAccounting.Counter {
    /// Marks every event whose threshold (or warning) the counted time
    /// already meets as reached (or warned), and returns those crossings,
    /// all at `instant`, an event's warning before its threshold.
    fileprivate mutating func crossAll(_ registration: ActivityRegistration, name: String, at instant: Date)
        -> [UsageAccounting.Crossing]
    {
        var crossings: [UsageAccounting.Crossing] = []
        for (eventName, event) in registration.events.sorted(by: { $0.key < $1.key })
        where !reached.contains(eventName) {
            let used = usedSeconds[eventName, default: 0]
            if let warning = registration.warningUsage(of: event), !hasWarned(eventName), used >= warning {
                markWarned(eventName)
                crossings.append(
                    UsageAccounting.Crossing(
                        kind: .eventWillReachThresholdWarning, activity: name, event: eventName, at: instant))
            }
            if used >= Double(event.thresholdMinutes * 60) {
                reached.insert(eventName)
                crossings.append(
                    UsageAccounting.Crossing(
                        kind: .eventDidReachThreshold, activity: name, event: eventName, at: instant))
            }
        }
        return crossings
    }
}

extension UsageAccounting {
    /// Each app's frontmost seconds over `interval` up to `now`, by bundle
    /// identifier, for the apps `covers` accepts: what a report's
    /// `DeviceActivityResults` hold for its filter (the history reaches a
    /// week back, longer than any report segment the device hands out).
    public func foregroundSeconds(
        during interval: DateInterval, until now: Date, covers: (String) -> Bool
    ) -> [String: TimeInterval] {
        let end = min(interval.end, now)
        var seconds: [String: TimeInterval] = [:]
        for span in history where span.to > interval.start && span.from < end && covers(span.app) {
            seconds[span.app, default: 0] += min(span.to, end).timeIntervalSince(max(span.from, interval.start))
        }
        return seconds
    }
}
