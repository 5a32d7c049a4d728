import Foundation

/// The mutants an app's harness declares equivalent
/// (`guest-harness/<app>/mutants-equivalent`, or `--equivalent FILE`):
/// changes that cannot alter what the processes do, each with its reason,
/// left out of the score and listed. An entry names a whole file (code no
/// process calls), a range of lines (`FILE:FROM-TO`: a test double), a
/// line, or one mutant by its key (`FILE:LINE:OPERATOR:ORIGINAL`); the most
/// specific entry wins.
public struct EquivalentMutants: Sendable {
    var reasons: [String: String]
    var ranges: [(file: String, lines: ClosedRange<Int>, reason: String)]

    public var count: Int { reasons.count + ranges.count }

    public static let none = EquivalentMutants(reasons: [:], ranges: [])

    public struct ParseError: Error, CustomStringConvertible {
        public var description: String
    }

    /// Lines `ENTRY -- REASON`; blank lines and `#` comments are skipped.
    public static func parse(_ text: String, path: String) throws(ParseError) -> EquivalentMutants {
        var reasons: [String: String] = [:]
        var ranges: [(file: String, lines: ClosedRange<Int>, reason: String)] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            guard let separator = trimmed.range(of: " -- "),
                !trimmed[separator.upperBound...].trimmingCharacters(in: .whitespaces).isEmpty
            else {
                throw ParseError(
                    description: "\(path):\(index + 1): expected `FILE[:FROM-TO|:LINE[:OPERATOR:ORIGINAL]] -- REASON`")
            }
            let entry = trimmed[..<separator.lowerBound].trimmingCharacters(in: .whitespaces)
            let reason = trimmed[separator.upperBound...].trimmingCharacters(in: .whitespaces)
            let parts = entry.split(separator: ":", maxSplits: 1).map(String.init)
            if parts.count == 2, let dash = parts[1].firstIndex(of: "-"),
                let from = Int(parts[1][..<dash]), let to = Int(parts[1][parts[1].index(after: dash)...])
            {
                guard from <= to else {
                    throw ParseError(description: "\(path):\(index + 1): the range \(parts[1]) ends before it starts")
                }
                ranges.append((parts[0], from...to, reason))
            } else {
                reasons[entry] = reason
            }
        }
        return EquivalentMutants(reasons: reasons, ranges: ranges)
    }

    /// Reads `url`; a missing file declares nothing.
    public static func load(_ url: URL) throws(ParseError) -> EquivalentMutants {
        guard FileManager.default.fileExists(atPath: url.path) else { return .none }
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
            throw ParseError(description: "\(url.path): cannot be read")
        }
        return try parse(text, path: url.path)
    }

    /// Why `site` is equivalent, or nil.
    public func reason(for site: MutationSite) -> String? {
        reasons[site.key] ?? reasons["\(site.file):\(site.line)"]
            ?? ranges.first { $0.file == site.file && $0.lines.contains(site.line) }?.reason ?? reasons[site.file]
    }
}
