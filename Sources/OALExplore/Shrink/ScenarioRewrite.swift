import Foundation
import OALEmulator
import OALOracle
import OALScenario

/// The shrinker's rewrite of a scenario file (comments dropped, `day N`
/// folded into each line, the end and the seed written out), for the fuzz
/// target (`oal-fuzz scenario`): the shrinker only ever runs its rewrites,
/// so a scenario whose rewrite parses to another scenario would be shrunk
/// into a reproduction of something else.
@_spi(Fuzzing) public enum ScenarioRewrite {
    /// What two parses of one scenario must agree on: everything but the
    /// file name and the line numbers.
    public struct Meaning: Equatable, CustomStringConvertible {
        public var timeZone: String
        public var start: Date
        public var end: Date
        public var seed: UInt64
        public var catalog: [CatalogAddition]
        public var faults: [Fault]
        public var steps: [Step]

        public struct Step: Equatable {
            public var time: Date
            public var action: ScenarioAction
            public var text: String
        }

        public init(_ scenario: Scenario) {
            timeZone = scenario.timeZoneIdentifier
            start = scenario.start
            end = scenario.end
            seed = scenario.seed
            catalog = scenario.catalogAdditions
            faults = scenario.faults
            steps = scenario.steps.map { Step(time: $0.time, action: $0.action, text: $0.text) }
        }

        public var description: String {
            var lines = [
                "zone \(timeZone), start \(start.timeIntervalSince1970), end \(end.timeIntervalSince1970), seed \(seed)"
            ]
            lines += catalog.map { "catalog \($0)" }
            lines += faults.map { "fault \($0)" }
            lines += steps.map { "\($0.time.timeIntervalSince1970) \($0.action) (\(String(reflecting: $0.text)))" }
            return lines.joined(separator: "\n")
        }
    }

    /// The text the shrinker writes for `scenario`, parsed from `text`.
    public static func text(of text: String, scenario: Scenario) throws -> String {
        try ShrinkScenario(text: text, scenario: scenario, seed: scenario.seed).text()
    }
}
