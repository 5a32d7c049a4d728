import Foundation
import OALDomain
import OALPlatform
import Testing

@testable import OALEmulator

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
