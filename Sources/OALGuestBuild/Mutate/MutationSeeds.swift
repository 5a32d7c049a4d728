import Foundation

/// The generated days a mutation run plays besides its scenarios
/// (docs/GUEST.md, "Mutation score"): `DayGenerator`'s day of each seed,
/// with the seed's fault mix, as `oal-device explore` plays it. The list is
/// fixed (`guest-harness/<app>/mutation-seeds`, or `--generated-days`), each
/// seed chosen because the unmutated app's verdict on its day is the same
/// run after run: a mutant is killed by a change of verdict, so a day whose
/// verdict varies on its own would kill mutants that changed nothing.
public struct MutationSeeds: Sendable, Equatable, CustomStringConvertible {
    /// In the order given; each once.
    public var seeds: [UInt64]

    public init(_ seeds: [UInt64]) { self.seeds = seeds }

    public static let none = MutationSeeds([])

    public var description: String { seeds.isEmpty ? "none" : seeds.map(String.init).joined(separator: ", ") }

    public struct ParseError: Error, CustomStringConvertible {
        public var description: String
    }

    /// Seeds separated by commas, spaces or lines; `#` starts a comment;
    /// `none` alone lists none (the command line's way to play no day).
    public static func parse(_ text: String, path: String) throws(ParseError) -> MutationSeeds {
        if text.trimmingCharacters(in: .whitespacesAndNewlines) == "none" { return .none }
        var seeds: [UInt64] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            for word in content.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }) {
                guard let seed = UInt64(word) else {
                    throw ParseError(description: "\(path):\(index + 1): '\(word)' is not a seed (a whole number)")
                }
                guard !seeds.contains(seed) else {
                    throw ParseError(description: "\(path):\(index + 1): seed \(seed) is listed twice")
                }
                seeds.append(seed)
            }
        }
        return MutationSeeds(seeds)
    }

    /// Reads `url`; a missing file lists no seeds.
    public static func load(_ url: URL) throws(ParseError) -> MutationSeeds {
        guard FileManager.default.fileExists(atPath: url.path) else { return .none }
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
            throw ParseError(description: "\(url.path): cannot be read")
        }
        return try parse(text, path: url.path)
    }
}
