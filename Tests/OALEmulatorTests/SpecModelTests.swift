import Foundation
import OALDomain
import OALPlatform
import Testing

@testable import OALEmulator
@testable import OALExplore
@testable import OALOracle
@testable import OALRunViews

/// The oracle's spec model and the domain's decision are two
/// implementations of one spec: on any rule at any instant they must agree
/// (a disagreement is a bug in one of them). Seeded, so a failure names the
/// seed and the case.
@Suite struct SpecModelTests {
    static func calendar(_ zone: String) -> Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: zone)!
        return calendar
    }

    /// Monday 2026-11-30 00:00 UTC, away from any daylight-saving change in
    /// the zones below for the two weeks the samples span.
    static let start = Date(timeIntervalSince1970: 1_764_460_800)

    @Test(arguments: ["UTC", "Europe/Paris", "Asia/Tokyo"])
    func theModelAgreesWithTheDomainDecision(zone: String) throws {
        let calendar = Self.calendar(zone)
        let model = SpecModel(calendar: calendar)
        var random = SplitMix64(seed: 0x5EC0_DE1)
        for sample in 0..<4_000 {
            let days = DaySet(Weekday.allCases.filter { _ in random.bool() })
            var instant = Self.start.addingTimeInterval(TimeInterval(random.int(in: 0..<14 * 86_400)))
            let configuration: RuleConfiguration
            var usage = DailyUsage()
            var grants: [Date] = []
            var session: Date?
            switch sample % 3 {
            case 0:
                let config = try ScheduleConfig(
                    startMinutes: random.int(in: 0..<1440),
                    endMinutes: random.int(in: 0..<1440))
                configuration = .schedule(config)
                // Half the samples sit on a window edge, a minute either side
                // or a second before: where two readings of a spec differ.
                if random.bool() {
                    let edge = random.bool() ? config.startMinutes : config.endMinutes
                    let offset = random.element(of: [-60, -1, 0, 59, 60])
                    let day = calendar.startOfDay(for: instant)
                    instant = calendar.date(byAdding: .minute, value: edge, to: day)!.addingTimeInterval(
                        TimeInterval(offset))
                }
            case 1:
                let limit = random.int(in: 1...240)
                configuration = .timeLimit(try TimeLimitConfig(dailyLimitMinutes: limit))
                usage.minutesUsed = random.int(in: 0...300)
            default:
                configuration = .openLimit(try OpenLimitConfig(maxOpens: random.int(in: 1...5)))
                if random.bool() {
                    let granted = instant.addingTimeInterval(-TimeInterval(random.int(in: 0...1800)))
                    grants = [granted]
                    session = granted.addingTimeInterval(SpecModel.sessionSeconds)
                }
            }
            let paused = random.int(in: 0..<6) == 0
            let rule = Rule(
                id: UUID(), name: "R\(sample)", isEnabled: random.int(in: 0..<8) != 0, days: days,
                pausedUntil: paused ? instant.addingTimeInterval(600) : nil, createdAt: Self.start,
                configuration: configuration)
            let domain = EnforcementDecision.decide(
                rule: rule, at: instant, calendar: calendar, usage: usage, sessionExpiry: session)
            let spec = model.shields(
                rule, at: instant,
                day: SpecModel.UserDay(coveredSeconds: TimeInterval(usage.minutesUsed * 60), grants: grants))
            #expect(spec == domain.shield, "sample \(sample) in \(zone): \(rule) at \(instant)")
            if spec != domain.shield { return }
        }
    }

    /// The long day of a fall back (issue 23, item 3): DOMAIN.md puts each
    /// edge at its first occurrence, so a window that starts before the
    /// repeated hour holds through all of it, and one that ends in it ends
    /// at its first pass. The model read the minute on the wall and let the
    /// second 01:00 out of a 01:20–04:00 window. Every 5 minutes of the two
    /// days around each change, for windows around the repeated hour, the
    /// model and the domain decision agree.
    @Test(arguments: [
        ("America/New_York", "2026-11-01"), ("Europe/Berlin", "2026-10-25"), ("America/Santiago", "2026-04-04"),
        ("Australia/Lord_Howe", "2026-04-05"), ("America/New_York", "2026-03-08"),
    ])
    func theModelAgreesWithTheDomainOnDaylightSavingDays(zone: String, day: String) throws {
        let calendar = Self.calendar(zone)
        let model = SpecModel(calendar: calendar)
        var parser = DateComponents()
        let parts = day.split(separator: "-").compactMap { Int($0) }
        (parser.year, parser.month, parser.day) = (parts[0], parts[1], parts[2])
        let noonBefore = calendar.date(from: parser)!.addingTimeInterval(-12 * 3600)
        let windows = [(80, 240), (0, 90), (30, 90), (60, 120), (90, 150), (1380, 90), (1350, 60), (120, 180)]
        var disagreements: [String] = []
        for (start, end) in windows {
            let rule = Rule(
                id: UUID(), name: "W", isEnabled: true, days: .everyDay, pausedUntil: nil, createdAt: noonBefore,
                configuration: .schedule(try ScheduleConfig(startMinutes: start, endMinutes: end)))
            for step in 0..<(48 * 12) {
                let instant = noonBefore.addingTimeInterval(TimeInterval(step * 300))
                let domain = EnforcementDecision.decide(rule: rule, at: instant, calendar: calendar, usage: .zero)
                let spec = model.shields(rule, at: instant, day: SpecModel.UserDay(coveredSeconds: 0, grants: []))
                if spec != domain.shield { disagreements.append("\(start)–\(end) at \(instant): model \(spec)") }
            }
        }
        #expect(disagreements.isEmpty, "\(zone) \(day): \(disagreements.prefix(6))")
    }

    /// A day whose midnight a spring forward skips starts at 01:00
    /// (Santiago, 2027-09-05): a day added to that start is 01:00 of the
    /// next day, an hour after its midnight. A spent limit's block ends at
    /// the next day's first instant, and a limit not scheduled today starts
    /// at the first instant of its next enabled day (explore seeds 380, 690
    /// and 801: "23h left" at 01:01 judged against 01:00 the next day).
    @Test func theNextMidnightAfterASkippedOneIsTheNextDaysFirstInstant() throws {
        let calendar = Self.calendar("America/Santiago")
        let model = SpecModel(calendar: calendar)
        let dayStart = try #require(calendar.date(from: DateComponents(year: 2027, month: 9, day: 5, hour: 1)))
        let nextDay = try #require(calendar.date(from: DateComponents(year: 2027, month: 9, day: 6)))
        #expect(calendar.startOfDay(for: dayStart) == dayStart)
        let oneMinuteIn = dayStart.addingTimeInterval(60)
        #expect(model.nextMidnight(after: oneMinuteIn) == nextDay)
        let limit = Rule(
            id: UUID(), name: "Gate", isEnabled: true, days: .everyDay, pausedUntil: nil, createdAt: dayStart,
            configuration: .openLimit(try OpenLimitConfig(maxOpens: 1)))
        #expect(model.blockEnd(limit, at: oneMinuteIn) == nextDay)
        #expect(model.nextStart(limit, after: oneMinuteIn) == nextDay)
    }

    /// A spring forward can swallow a whole window (explore seed 389: Paris,
    /// 02:40–03:00 on 2027-03-28, where 02:00–03:00 never shows): both edges
    /// fall on 03:00 and it blocks nothing, so no "Starts in" may count to
    /// it. Every 10 minutes of the two days around each change, for windows
    /// in and around the skipped hour, the model's next start is the
    /// domain's.
    @Test(arguments: [
        ("Europe/Paris", "2027-03-28"), ("America/New_York", "2026-03-08"), ("Australia/Lord_Howe", "2026-10-04"),
    ])
    func theModelsNextStartSkipsAWindowTheSpringForwardSwallows(zone: String, day: String) throws {
        let calendar = Self.calendar(zone)
        let model = SpecModel(calendar: calendar)
        var parser = DateComponents()
        let parts = day.split(separator: "-").compactMap { Int($0) }
        (parser.year, parser.month, parser.day) = (parts[0], parts[1], parts[2])
        let noonBefore = calendar.date(from: parser)!.addingTimeInterval(-12 * 3600)
        let windows = [(160, 180), (120, 180), (130, 150), (150, 210), (90, 130), (1380, 150)]
        var disagreements: [String] = []
        for (start, end) in windows {
            let rule = Rule(
                id: UUID(), name: "W", isEnabled: true, days: .everyDay, pausedUntil: nil, createdAt: noonBefore,
                configuration: .schedule(try ScheduleConfig(startMinutes: start, endMinutes: end)))
            for step in 0..<(48 * 6) {
                let instant = noonBefore.addingTimeInterval(TimeInterval(step * 600))
                let domain = RuleSchedule.nextWindowStart(after: instant, for: rule, calendar: calendar)
                let spec = model.nextStart(rule, after: instant)
                if spec != domain {
                    disagreements.append(
                        "\(start)–\(end) at \(instant): model \(String(describing: spec)), domain \(String(describing: domain))"
                    )
                }
            }
        }
        let count = disagreements.count
        #expect(count == 0, "\(zone) \(day): \(disagreements.prefix(4))")
    }

    @Test func allowOnlyCoversEverythingButItsAppsCategoriesAndDomains() {
        let selection = AppSelection(
            applications: [ApplicationToken("app-a")], categories: [CategoryToken("cat-games")],
            webDomains: [WebDomainToken("web-a")])
        func app(_ token: String, _ category: String) -> InstalledApp {
            InstalledApp(
                token: ApplicationToken(token), name: token, bundleIdentifier: token, category: CategoryToken(category))
        }
        #expect(!SpecModel.covers(mode: .allowOnly, selection: selection, app: app("app-a", "cat-social")))
        #expect(!SpecModel.covers(mode: .allowOnly, selection: selection, app: app("app-chess", "cat-games")))
        #expect(SpecModel.covers(mode: .allowOnly, selection: selection, app: app("app-b", "cat-social")))
        #expect(!SpecModel.covers(mode: .allowOnly, selection: selection, domain: WebDomainToken("web-a")))
        #expect(SpecModel.covers(mode: .allowOnly, selection: selection, domain: WebDomainToken("web-b")))
        #expect(SpecModel.covers(mode: .block, selection: selection, app: app("app-chess", "cat-games")))
        #expect(!SpecModel.covers(mode: .block, selection: nil, app: app("app-a", "cat-games")))
        #expect(!SpecModel.covers(mode: .allowOnly, selection: .empty, app: app("app-b", "cat-social")))
    }
}

/// Times in output say their offset where the wall clock is ambiguous.
@Suite struct RepeatedHourTextTests {
    @Test func aTimeInTheRepeatedHourCarriesItsOffset() {
        let calendar = SpecModelTests.calendar("America/New_York")
        // 2026-11-01: 02:00 EDT becomes 01:00 EST at 06:00 UTC.
        let change = Date(timeIntervalSince1970: 1_793_512_800)
        #expect(LocalTimeText.text(change - 1800, calendar) == "2026-11-01 01:30 (UTC-04:00)")
        #expect(LocalTimeText.text(change + 1800, calendar) == "2026-11-01 01:30 (UTC-05:00)")
        #expect(LocalTimeText.text(change - 3600, calendar) == "2026-11-01 01:00 (UTC-04:00)")
        #expect(LocalTimeText.text(change - 3660, calendar) == "2026-11-01 00:59")
        #expect(LocalTimeText.text(change + 3600, calendar) == "2026-11-01 02:00")
        // A spring forward repeats nothing.
        let spring = Date(timeIntervalSince1970: 1_772_953_200)  // 2026-03-08 07:00 UTC
        #expect(LocalTimeText.text(spring, calendar) == "2026-03-08 03:00")
        #expect(LocalTimeText.text(spring - 60, calendar) == "2026-03-08 01:59")
    }
}
