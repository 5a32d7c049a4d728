import Foundation
import OALEmulator
import OALTestSupport
import Testing

/// The generated days of `oal-device explore` (issue 35): every one is a
/// valid scenario, written one way, the same for the same seed, and
/// together they reach what nobody scripted. Pure: no process is started.
@Suite struct GeneratedDayTests {
    static let seeds: ClosedRange<UInt64> = 1...300

    @Test func everyGeneratedDayParsesAndRendersBackToItself() throws {
        for seed in Self.seeds {
            let text = DayGenerator.text(seed: seed)
            let parsed: Scenario
            do {
                parsed = try ScenarioParser(file: "seed-\(seed)/day.scenario").parse(text)
            } catch {
                Issue.record("seed \(seed): \(error)\n\(text)")
                continue
            }
            #expect(ScenarioRenderer.text(parsed) == text, "seed \(seed)")
            let generated = DayGenerator.scenario(seed: seed)
            #expect(parsed.timeZoneIdentifier == generated.timeZoneIdentifier, "seed \(seed)")
            #expect(parsed.start == generated.start && parsed.end == generated.end, "seed \(seed)")
            #expect(parsed.seed == seed)
            #expect(parsed.steps.map(\.time) == generated.steps.map(\.time), "seed \(seed)")
            #expect(parsed.steps.map(\.action) == generated.steps.map(\.action), "seed \(seed)")
            let expectations = parsed.steps.filter {
                if case .expect = $0.action { true } else { false }
            }
            #expect(expectations.isEmpty, "seed \(seed): a generated day has no expectations")
        }
    }

    @Test func theSameSeedGivesTheSameFile() {
        for seed: UInt64 in [1, 2, 35, 1_000_003, .max] {
            #expect(DayGenerator.text(seed: seed) == DayGenerator.text(seed: seed))
        }
        #expect(DayGenerator.text(seed: 1) != DayGenerator.text(seed: 2))
    }

    /// What the generator promises, counted over the seeds: every zone,
    /// starts next to offset changes, month and year ends, the three rule
    /// kinds and their windows, the taps, the habits and travel.
    @Test func generatedDaysCoverWhatTheyPromise() throws {
        var seen: [String: Int] = [:]
        var zones: Set<String> = []
        for seed in Self.seeds {
            let scenario = try ScenarioParser(file: "day.scenario").parse(DayGenerator.text(seed: seed))
            zones.insert(scenario.timeZoneIdentifier)
            let zone = TimeZone(identifier: scenario.timeZoneIdentifier)!
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            let startDay = calendar.dateComponents([.year, .month, .day], from: scenario.start)
            #expect(startDay.year == DayGenerator.referenceYear, "seed \(seed)")
            if zone.secondsFromGMT(for: scenario.start) != zone.secondsFromGMT(for: scenario.end) {
                seen["an offset change", default: 0] += 1
            }
            let monthLength = calendar.range(of: .day, in: .month, for: scenario.start)!.count
            if startDay.day! >= monthLength - 1 { seen["a month's end", default: 0] += 1 }
            if startDay.month == 12, startDay.day! >= 30 { seen["the year's end", default: 0] += 1 }
            var found: Set<String> = []
            for step in scenario.steps {
                if calendar.component(.second, from: step.time) != 0 { found.insert("seconds") }
                if LocalTimeText.repeatedWallTime(step.time, zone) { found.insert("a repeated hour") }
                switch step.action {
                case .app(let words):
                    found.insert(
                        "app "
                            + words.prefix(words.first == "rule" || words.first == "list" ? 2 : 1)
                            .joined(separator: " "))
                    if words.starts(with: ["rule", "add"]) { found.insert("kind " + words[2]) }
                    if words.contains("--hard") { found.insert("Hard Mode") }
                    if words.contains("--days") { found.insert("days") }
                    if words.starts(with: ["settings", "uninstall-protection", "on"]) {
                        found.insert("Uninstall Protection")
                    }
                    if let from = words.firstIndex(of: "--from"), let to = words.firstIndex(of: "--to") {
                        let (a, b) = (words[from + 1], words[to + 1])
                        found.insert(a == b ? "a whole-day window" : b < a ? "a window crossing midnight" : "a window")
                        let minutes = { (t: String) in Int(t.prefix(2))! * 60 + Int(t.suffix(2))! }
                        if a < b, minutes(b) - minutes(a) < 15 { found.insert("a window under 15 minutes") }
                    }
                case .open(let app, _): found.insert(app == "OpenAppLock" ? "OpenAppLock in front" : "open an app")
                case .press(let button, _, _): found.insert("press \(button.rawValue)")
                case .fault(.timeZone): found.insert("travel")
                case .authorization: found.insert("Screen Time switched off")
                case .leave: found.insert("leave")
                default: break
                }
            }
            for thing in found { seen[thing, default: 0] += 1 }
        }
        #expect(zones == Set(DayGenerator.zones))
        let count = Self.seeds.count
        // Half the seeds start next to a change in the ten zones that have
        // them: about 36%, and the run lasts past it.
        #expect(seen["an offset change", default: 0] * 100 >= count * 30, "\(seen)")
        for thing in [
            "a month's end", "the year's end", "kind schedule", "kind time-limit", "kind open-limit",
            "a window crossing midnight", "a whole-day window", "a window under 15 minutes", "Hard Mode", "days",
            "Uninstall Protection", "app rule edit", "app rule disable", "app rule enable", "app rule delete",
            "app rule unblock", "app list edit", "app refresh", "open an app", "OpenAppLock in front", "press open",
            "press close", "leave", "travel", "Screen Time switched off", "seconds", "a repeated hour",
        ] {
            #expect(seen[thing, default: 0] > 0, "no seed of \(count) has \(thing): \(seen)")
        }
    }

    /// The renderer on every scenario of the repository: what it writes
    /// parses to the same run, and writes back to itself.
    @Test func everyRepositoryScenarioRendersToWhatItParsesTo() throws {
        let directory = Repository.root.appendingPathComponent("scenarios")
        let files = FileManager.default.enumerator(atPath: directory.path)!.compactMap { $0 as? String }
            .filter { $0.hasSuffix(".scenario") }.sorted()
        #expect(files.count > 20)
        for file in files {
            let original = try ScenarioParser.load(path: directory.appendingPathComponent(file).path)
            let text = ScenarioRenderer.text(original)
            let again = try ScenarioParser(file: file).parse(text)
            #expect(again.timeZoneIdentifier == original.timeZoneIdentifier, "\(file)")
            #expect(again.start == original.start && again.end == original.end, "\(file)")
            #expect(again.seed == original.seed && again.faults == original.faults, "\(file)")
            #expect(again.catalogAdditions == original.catalogAdditions, "\(file)")
            #expect(again.steps.map(\.time) == original.steps.map(\.time), "\(file)")
            #expect(again.steps.map(\.action) == original.steps.map(\.action), "\(file)")
            #expect(ScenarioRenderer.text(again) == text, "\(file)")
        }
    }
}
