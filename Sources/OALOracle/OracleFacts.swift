import Foundation
import OALDomain
import OALPlatform
import OALProcesses
import OALScenario
import OALStore

/// What the device knows happened, accumulated from its own trace lines
/// (never from a store a process wrote).
struct DeviceFacts: Codable, Equatable, Sendable {
    /// Granted Open presses that returned, per rule per day, with each
    /// session's end.
    var granted: [String: Int] = [:]
    /// Per rule per day, the budget (opens) in force at the first grant
    /// that went past it: the budget a grant must fit is the one of its
    /// press, not the one the user set later (explore seed 993).
    var grantedOverBudget: [String: Int]?
    var sessions: [UUID: Date] = [:]
    /// Presses whose outcome the device did not see (killed, crashed).
    var unacknowledgedPresses: [String: Int] = [:]
    var pressesSeen = 0
    /// The largest threshold (minutes) delivered and acknowledged (exit 0)
    /// per rule per day.
    var thresholdMinutes: [String: Int] = [:]
    /// `oal-app` launches: argv by launch number, until their exit.
    var appLaunches: [Int: [String]] = [:]
    /// When the app last refreshed (the foreground reconcile).
    var lastRefresh: Date?
    /// Open-session end callbacks delivered, by rule.
    var sessionEndDelivered: Set<UUID> = []
    /// When the user last switched the app's Screen Time access off, while
    /// it is off; and when it was last switched back on
    /// (`familycontrols.authorization`, cause `user`).
    var authorizationRevokedAt: Date?
    var authorizationRestoredAt: Date?
    /// Whether a process wrote a store or started an activity in vain
    /// while the access was off, and the app has not refreshed since.
    var authorizationLostWrites = false

    static func key(_ rule: UUID, _ day: DayKey) -> String { "\(CanonicalUUID.string(rule))|\(day)" }
}

/// The device's state as the oracle reads it at one instant, read-only.
package struct OracleView {
    package var published: [PublishedRule]
    var ruleNames: [UUID: String]
    package var usageToday: [UUID: DailyUsage]
    var usageYesterday: [UUID: DailyUsage]
    package var sessions: [UUID: Date]
    var effective: EffectiveSettings
    var catalog: InstalledAppCatalog
    /// The local day of the view's instant, by the device's calendar.
    var day: DayKey
    package var now: Date
    package var calendar: Calendar
    /// A guest's answer to the oracle's probe, the view's usage, sessions
    /// and published rules taken from it (GuestJudging.swift).
    var guestProbe: GuestProbe? = nil

    package func storeShields(_ rule: UUID) -> Bool {
        !(effective.stores[ShieldController.storeName(for: rule)]?.shield.isEmpty ?? true)
    }
}

private struct Envelope<Body: Decodable>: Decodable { var document: Body }

extension Oracle {
    /// Reads snapshots, ledger, sessions and shields without locks that
    /// could move a file: a file that does not parse yields nil (the
    /// stores-parse check reports it).
    package func readView(_ observation: OracleObservation) -> OracleView? {
        let (now, calendar, files) = (observation.now, observation.calendar, observation.files)
        let decoder = StoreCoding.decoder()
        func document<D: Decodable>(_ name: String, _ type: D.Type) -> D?? {
            let path = root.appGroup.path + "/" + name
            guard let data = FileManager.default.contents(atPath: path) else { return .some(nil) }
            let document: D?? = files.decoded.value(path: path, bytes: data) {
                guard let envelope = try? decoder.decode(Envelope<D>.self, from: $0) else { return nil }
                return .some(envelope.document)
            }
            return document
        }
        // A mirror no extension can read (nor its copy) publishes nothing:
        // the oracle judges on (its truth is the app's database), and the
        // stores-parse check reports the file.
        let snapshots = files.mirror() ?? nil
        guard let sessionDocument = document("open-sessions.json", OpenSessionStore.Document.self),
            let container = try? AppGroupContainer(url: root.appGroup),
            let effective = try? files.effective(), let catalog = try? files.catalog()
        else { return nil }
        let today = days.day(now)
        let yesterday = days.previousDay(now)
        let usageDirectory = container.path + "/" + UsageLedger.storeName
        /// A journal that parses: its bytes (nil: no file); nil when it does not.
        func journal(_ day: DayKey) -> Data?? {
            let path = "\(usageDirectory)/\(day).jsonl"
            guard FileManager.default.fileExists(atPath: path) else { return .some(nil) }
            if parseProblemOfCurrentBytes(path) != nil { return nil }
            return .some(parsed[path]?.bytes)
        }
        guard let todays = journal(today), let yesterdays = journal(yesterday) else { return nil }
        let ledger = viewLedger.ledger(today: today, journals: [today: todays, yesterday: yesterdays]) {
            try? UsageLedger(container: container)
        }
        let usageToday = (try? ledger?.usage(day: today)) ?? [:]
        let usageYesterday = (try? ledger?.usage(day: yesterday)) ?? [:]
        let rules = publishedRules.rules(of: snapshots?.rules ?? [])
        var sessions: [UUID: Date] = [:]
        for (id, expiry) in sessionDocument?.sessions ?? [:] {
            if let uuid = UUID(uuidString: id) { sessions[uuid] = expiry }
        }
        let view = OracleView(
            published: rules.published, ruleNames: rules.names, usageToday: usageToday, usageYesterday: usageYesterday,
            sessions: sessions, effective: effective, catalog: catalog, day: today, now: now, calendar: calendar)
        return guest == nil ? view : guestView(view)
    }

    /// Folds the device's and processes' new trace lines into the facts.
    func learn(_ events: [TraceEvent]) {
        for event in events {
            switch (event.process, event.event) {
            case (.device, "user.press") where event.fields["button"] == "open":
                facts.pressesSeen += 1
                let result = event.fields["result"] ?? ""
                let status = event.fields["status"] ?? ""
                if status == "0", result.hasPrefix("granted ") {
                    let words = result.split(separator: " ")
                    let until = words.count >= 4 ? Self.parseTimestamp(String(words[3])) : nil
                    for id in words.count >= 2 ? words[1].split(separator: ",") : [] {
                        guard let rule = UUID(uuidString: String(id)) else { continue }
                        let key = DeviceFacts.key(rule, days.day(now))
                        facts.granted[key, default: 0] += 1
                        if let budget = userRules.byID[rule]?.rule.configuration.openLimit?.maxOpens,
                            facts.granted[key, default: 0] > budget, facts.grantedOverBudget?[key] == nil
                        {
                            facts.grantedOverBudget = (facts.grantedOverBudget ?? [:]).merging([key: budget]) { $1 }
                        }
                        if let until { facts.sessions[rule] = until }
                        facts.sessionEndDelivered.remove(rule)
                    }
                } else if status != "2" {
                    facts.unacknowledgedPresses[days.day(now).description, default: 0] += 1
                }
            case (.device, "shield.shown"):
                checkShieldContent(event)
            case (.device, "deliver"):
                guard event.fields["status"] == "0" || event.fields["status"] == "exit 0",
                    let activity = event.fields["activity"].flatMap(OALDomain.ActivityName.init(rawValue:))
                else { continue }
                if event.fields["kind"] == CallbackKind.eventDidReachThreshold.rawValue,
                    let minutes = event.fields["event"].flatMap(EventName.init(rawValue:))?.minutes
                {
                    // A day-keyed activity names its day; an undated one is
                    // filed on the day the user really spent the minutes.
                    let day = activity.day ?? thresholdDay(activity.ruleID, minutes: minutes)
                    let key = DeviceFacts.key(activity.ruleID, day)
                    facts.thresholdMinutes[key] = max(facts.thresholdMinutes[key] ?? 0, minutes)
                }
                if event.fields["kind"] == CallbackKind.intervalDidEnd.rawValue, case .openSession(let id) = activity {
                    facts.sessionEndDelivered.insert(id)
                }
            case (.app, "launch"):
                guard let launch = event.launch else { continue }
                var words = (event.fields["argv"] ?? "").split(separator: " ").map(String.init)
                if words.first == "--root", words.count >= 2 { words.removeFirst(2) }
                facts.appLaunches[launch] = words
            case (.app, "exit"):
                guard let launch = event.launch, let argv = facts.appLaunches.removeValue(forKey: launch) else {
                    continue
                }
                if event.fields["code"] == "0" {
                    checkHardMode(argv: argv)
                    noteSettingTap(argv)
                    noteUnblockTap(argv)
                }
            case (.app, "refresh"):
                facts.lastRefresh = now
                facts.authorizationLostWrites = false
            case (_, "settings.refused"), (_, "monitor.refused"):
                if facts.authorizationRevokedAt != nil { facts.authorizationLostWrites = true }
            case (.device, "familycontrols.authorization"):
                learnAuthorization(approved: ["approved", "approvedWithDataAccess"].contains(event.fields["status"]))
            default:
                continue
            }
        }
    }

    /// The day an undated threshold `minutes-k` belongs to: today only if
    /// the user really spent k minutes (within half a minute)
    /// on the rule's apps today; otherwise yesterday's, flushed late (a
    /// batch released after midnight). Without the user's rule or a
    /// catalog at hand: k minutes cannot fit in less than k minutes of today.
    func thresholdDay(_ ruleID: UUID, minutes: Int) -> DayKey {
        let guess = Self.thresholdDay(minutes: minutes, now: now, calendar: calendar)
        guard let entry = userRules.byID[ruleID], let catalog = lastCatalog, guess == days.day(now) else {
            return guess
        }
        let spent = coveredSeconds(of: entry, on: guess, catalog: catalog)
        return spent + 30 >= TimeInterval(minutes * 60) ? guess : days.previousDay(now)
    }

    /// The ledger day a threshold belongs to, as the monitor files it: k
    /// minutes cannot fit in less than k minutes of today.
    static func thresholdDay(minutes: Int, now: Date, calendar: Calendar) -> DayKey {
        let days = SpecDays(calendar: calendar)
        if now.timeIntervalSince(days.start(now)) < TimeInterval(minutes * 60) { return days.previousDay(now) }
        return days.day(now)
    }

    package static func parseTimestamp(_ text: String) -> Date? {
        try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}
