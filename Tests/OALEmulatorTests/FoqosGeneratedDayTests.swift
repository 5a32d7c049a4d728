import Foundation
import OALScenario
import Testing

/// Foqos's generated days (`FoqosDayGenerator`, `explore --days foqos`).
@Suite("Foqos generated days")
struct FoqosGeneratedDayTests {
    /// Every seed's day parses, has no expectations, and is the same text
    /// each time.
    @Test func everyDayParsesWithNoExpectationsAndIsTheSameEachTime() throws {
        for seed in UInt64(1)...200 {
            let text = FoqosDayGenerator.text(seed: seed)
            let scenario = try ScenarioParser(file: "day.scenario").parse(text)
            #expect(!scenario.steps.isEmpty, "seed \(seed)")
            #expect(
                !scenario.steps.contains { if case .expect = $0.action { true } else { false } },
                "seed \(seed) has an expectation")
            #expect(scenario.steps.allSatisfy { $0.time < scenario.end }, "seed \(seed) steps past its end")
            #expect(text == FoqosDayGenerator.text(seed: seed))
        }
        #expect(FoqosDayGenerator.text(seed: 1) != FoqosDayGenerator.text(seed: 2))
    }

    /// Over a few dozen seeds every strategy, break and strict item, each
    /// reader, the sheets and the unlock press are drawn; no schedule is.
    @Test func theDaysReachEveryStrategyAndWhatItTakes() {
        let texts = (UInt64(1)...60).map { FoqosDayGenerator.text(seed: $0) }.joined(separator: "\n")
        for strategy in FoqosDayGenerator.strategies {
            #expect(texts.contains("strategy=\(strategy)\n") || texts.contains("strategy=\(strategy) "), "\(strategy)")
        }
        for needle in [
            "--minutes", "unlock-nfc=", "unlock-qr=", "tap minutes:", "tap access:", "press primary on", "nfc scan",
            "qr scan", "tap break", "shortcut run StartProfileIntent", "shortcut run StopProfileIntent",
            "tap stop",
        ] {
            #expect(texts.contains(needle), "\(needle)")
        }
        // No schedule (unjudged), and no one-shot step beside the running
        // app but the profiles' making at the start.
        #expect(!texts.contains("schedule="))
        #expect(!texts.split(separator: "\n").contains { $0.contains(" app profile ") && !$0.contains(" add ") })
    }

    @Test func daysAreChosenByName() {
        #expect(GeneratedDays.named("Foqos") == .foqos && GeneratedDays.named("brick") == nil)
        #expect(GeneratedDays.foqos.text(seed: 3) == FoqosDayGenerator.text(seed: 3))
        #expect(GeneratedDays.openapplock.text(seed: 3) == DayGenerator.text(seed: 3))
        #expect(GeneratedDays.choices == "openapplock, foqos")
    }
}
