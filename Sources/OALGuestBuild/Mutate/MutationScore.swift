import Foundation

/// What became of one mutant of a mutation run (docs/GUEST.md, "Mutation
/// score").
public enum MutantOutcome: String, Codable, CaseIterable, Sendable {
    /// Some scenario's verdict changed, or a run timed out.
    case killed
    /// Played on every scenario, every verdict unchanged.
    case survived
    /// No unmutated run of the scenarios reached its site: nothing the
    /// scenarios do could tell it apart. Not played; it counts against the
    /// score, even when the harness lists it as equivalent.
    case notCovered = "not covered"
    /// Reached, and listed as a change no input can tell apart.
    case equivalent
    case notCompiled = "not compiled"
    /// Left out by `--limit`.
    case notPlayed = "not played"
    /// In a test double compiled into a process (a mock no process
    /// creates, listed in the harness's `mutants-test-doubles`): production
    /// for no one, so left out of the score, reached or not, and not played.
    case testDouble = "test double"
}

/// One mutant and what became of it.
public struct MutantResult: Codable, Sendable {
    public var site: MutationSite
    public var outcome: MutantOutcome
    /// How it was killed (the scenario and its verdict), why it is
    /// equivalent or not covered, or the compiler's words.
    public var detail: String

    public init(site: MutationSite, outcome: MutantOutcome, detail: String) {
        self.site = site
        self.outcome = outcome
        self.detail = detail
    }
}

/// The mutants a run need not play, settled before any is: those no
/// unmutated run reached (`not covered`), then those listed equivalent.
public enum MutantTriage {
    public static let notReached = "no unmutated run of the scenarios reaches it"

    /// `sites` (the compiled ones) as settled results and the ones left to
    /// play, in site order; `reached` holds the numbers of the sites the
    /// unmutated runs evaluated (`MutantCoverage`).
    public static func settle(
        _ sites: [MutationSite], reached: Set<Int>, equivalent: EquivalentMutants,
        testDoubles: EquivalentMutants = .none
    ) -> (settled: [MutantResult], toPlay: [MutationSite]) {
        var settled: [MutantResult] = []
        var toPlay: [MutationSite] = []
        for site in sites {
            let reason = equivalent.reason(for: site)
            if let double = testDoubles.reason(for: site) {
                settled.append(MutantResult(site: site, outcome: .testDouble, detail: double))
            } else if !reached.contains(site.id) {
                // Equivalent is for code that runs: the reason is kept, the
                // mutant counts as not covered.
                let detail = reason.map { "\(notReached) (listed equivalent: \($0))" } ?? notReached
                settled.append(MutantResult(site: site, outcome: .notCovered, detail: detail))
            } else if let reason {
                settled.append(MutantResult(site: site, outcome: .equivalent, detail: reason))
            } else {
                toPlay.append(site)
            }
        }
        return (settled, toPlay)
    }
}

/// The counts of a run's outcomes and its score: killed ÷ (killed +
/// survived + not covered). Equivalent, not compiled, not played and test-double
/// mutants are out of it.
public struct MutationTally: Codable, Hashable, Sendable {
    public var killed = 0
    public var survived = 0
    public var notCovered = 0
    public var equivalent = 0
    public var notCompiled = 0
    public var notPlayed = 0
    public var testDoubles = 0
    /// From 0 to 1; 0 when nothing counts.
    public var score = 0.0

    public init(_ results: [MutantResult]) {
        for result in results {
            switch result.outcome {
            case .killed: killed += 1
            case .survived: survived += 1
            case .notCovered: notCovered += 1
            case .equivalent: equivalent += 1
            case .notCompiled: notCompiled += 1
            case .notPlayed: notPlayed += 1
            case .testDouble: testDoubles += 1
            }
        }
        score = counted == 0 ? 0 : Double(killed) / Double(counted)
    }

    /// The mutants the score counts.
    public var counted: Int { killed + survived + notCovered }

    public func count(_ outcome: MutantOutcome) -> Int {
        switch outcome {
        case .killed: killed
        case .survived: survived
        case .notCovered: notCovered
        case .equivalent: equivalent
        case .notCompiled: notCompiled
        case .notPlayed: notPlayed
        case .testDouble: testDoubles
        }
    }

    /// `85 of 132 killed (64%): 18 survived, 29 not covered, 30 equivalent,
    /// 44 not compiled`, then `, N not played` under `--limit`.
    public var summary: String {
        "\(killed) of \(counted) killed (" + String(format: "%.0f%%", score * 100) + "): \(survived) survived, "
            + "\(notCovered) not covered, \(equivalent) equivalent, \(notCompiled) not compiled"
            + (notPlayed > 0 ? ", \(notPlayed) not played" : "")
            + (testDoubles > 0 ? ", \(testDoubles) test double\(testDoubles == 1 ? "" : "s")" : "")
    }
}
