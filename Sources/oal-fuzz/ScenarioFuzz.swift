import OALEmulator
@_spi(Fuzzing) import OALExplore

/// `oal-fuzz scenario`: the bytes as a scenario file.
enum ScenarioFuzz {
    static func run(_ bytes: UnsafeBufferPointer<UInt8>) throws(InvariantBroken) {
        // `ScenarioParser.load` refuses a file that is not UTF-8 before parsing.
        guard let text = String(validating: bytes, as: UTF8.self) else { return }
        let lineCount = text.split(separator: "\n", omittingEmptySubsequences: false).count
        let scenario: Scenario
        do {
            scenario = try ScenarioParser(file: "fuzz.scenario").parse(text)
        } catch {
            try require(!error.message.isEmpty, "a parse error without a message")
            try require(
                (1...max(lineCount, 1)).contains(error.line), "a parse error at line \(error.line) of \(lineCount)")
            return
        }
        // Without an `end` line the run ends at its last timed line, which
        // may be the start itself (docs/SCENARIOS.md).
        try require(scenario.end >= scenario.start, "the end \(scenario.end) is before the start \(scenario.start)")
        for (earlier, later) in zip(scenario.steps, scenario.steps.dropFirst()) {
            try require(earlier.time <= later.time, "line \(later.line) runs before line \(earlier.line)")
        }
        for step in scenario.steps {
            try require(
                scenario.start <= step.time && step.time <= scenario.end,
                "line \(step.line) at \(step.time) is outside the run (\(scenario.start) to \(scenario.end))")
        }
        let rewrite: String
        do {
            rewrite = try ScenarioRewrite.text(of: text, scenario: scenario)
        } catch {
            throw InvariantBroken("the shrinker cannot rewrite a scenario that parses: \(error)")
        }
        let again: Scenario
        do {
            again = try ScenarioParser(file: "fuzz.scenario").parse(rewrite)
        } catch {
            throw InvariantBroken("the shrinker's rewrite does not parse: \(error)\n--- rewrite:\n\(rewrite)")
        }
        let (first, second) = (ScenarioRewrite.Meaning(scenario), ScenarioRewrite.Meaning(again))
        try require(
            first == second,
            "the rewrite parses to another scenario\n--- parsed:\n\(first)\n--- rewrite:\n\(rewrite)--- reparsed:\n\(second)"
        )
    }
}
