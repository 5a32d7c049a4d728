import Foundation

/// Hand-written broken variants of a package's code, each one a promise
/// of its contract broken on purpose (`guest-harness/<app>/package-mutants`,
/// docs/GUEST.md "A package's contract mutants"): the check named in
/// `catches` must fail the day when the mutant runs.
///
/// Applied as the generated mutants are: the package's files are never
/// edited; a copy of each mutated file is compiled with every edit as a
/// schema (`__oalMutant(N)` from the prelude), so one build holds them all
/// and `OAL_MUTANT=guest-N` turns mutant N on (N counts the file's mutants
/// from 1). File format, one mutant a block:
///
///     mutant NAME
///     catches CHECK
///     summary WHAT IT BREAKS
///     scenario FILE                       the day that must catch it (optional)
///     drop FILE:LINE STATEMENT           the statement on that line, not run
///     replace FILE:LINE FROM => TO       FROM (once on that line) is TO
///
/// The line's text is checked against what the file holds, so a package
/// change that moves the code fails the build naming the mutant, instead
/// of mutating something else.
public struct PackageMutants: Sendable, Equatable {
    public struct Edit: Sendable, Equatable {
        public enum Kind: Sendable, Equatable {
            case drop(statement: String)
            case replace(from: String, to: String)
        }

        public var file: String
        public var line: Int
        public var kind: Kind
    }

    public struct Mutant: Sendable, Equatable {
        /// Its number: `OAL_MUTANT=guest-N`.
        public var id: Int
        public var name: String
        /// The oracle check that must catch it.
        public var catches: String
        public var summary: String
        public var edits: [Edit]
        /// The day that must catch it, when the harness names one
        /// (`scenario FILE`, relative to the repository); else the one the
        /// command plays.
        public var scenario: String?

        public var variable: String { "guest-\(id)" }
    }

    public var mutants: [Mutant]

    public static func load(_ url: URL) throws(GuestBuildError) -> PackageMutants {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
            throw .notFound("\(url.path): no package mutants")
        }
        return try parse(text, file: url.path)
    }

    static func parse(_ text: String, file: String) throws(GuestBuildError) -> PackageMutants {
        var mutants: [Mutant] = []
        for (index, raw) in text.components(separatedBy: "\n").enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let number = index + 1
            let (word, rest) = split(line)
            if word == "mutant" {
                guard !rest.isEmpty else { throw .project(file, "line \(number): `mutant` needs a name") }
                mutants.append(Mutant(id: mutants.count + 1, name: rest, catches: "", summary: "", edits: []))
                continue
            }
            guard !mutants.isEmpty else { throw .project(file, "line \(number): `\(word)` before any `mutant`") }
            switch word {
            case "catches": mutants[mutants.count - 1].catches = rest
            case "summary": mutants[mutants.count - 1].summary = rest
            case "scenario": mutants[mutants.count - 1].scenario = rest
            case "drop", "replace":
                let (place, body) = split(rest)
                let parts = place.split(separator: ":")
                guard parts.count == 2, let lineNumber = Int(parts[1]), !body.isEmpty else {
                    throw .project(file, "line \(number): expected `\(word) FILE:LINE ...`")
                }
                let kind: Edit.Kind
                if word == "drop" {
                    kind = .drop(statement: body)
                } else {
                    guard let arrow = body.range(of: " => ") else {
                        throw .project(file, "line \(number): expected `replace FILE:LINE FROM => TO`")
                    }
                    kind = .replace(from: String(body[..<arrow.lowerBound]), to: String(body[arrow.upperBound...]))
                }
                mutants[mutants.count - 1].edits.append(Edit(file: String(parts[0]), line: lineNumber, kind: kind))
            default:
                throw .project(
                    file, "line \(number): unknown word `\(word)` (mutant, catches, summary, scenario, drop, replace)")
            }
        }
        for mutant in mutants where mutant.catches.isEmpty || mutant.edits.isEmpty {
            throw .project(file, "mutant \(mutant.name): needs `catches` and at least one edit")
        }
        return PackageMutants(mutants: mutants)
    }

    static func split(_ line: String) -> (String, String) {
        guard let space = line.firstIndex(of: " ") else { return (line, "") }
        return (String(line[..<space]), String(line[line.index(after: space)...]).trimmingCharacters(in: .whitespaces))
    }

    /// The mutants' edits to `files` alone (each mutant keeps its number):
    /// an app's mutants, for one process's sources.
    public func restricted(to files: Set<String>) -> PackageMutants {
        PackageMutants(
            mutants: mutants.compactMap { mutant in
                var mine = mutant
                mine.edits = mutant.edits.filter { files.contains($0.file) }
                return mine.edits.isEmpty ? nil : mine
            })
    }

    /// The files the mutants touch, rewritten with every edit as a schema;
    /// `texts` holds the package's files by checkout-relative path.
    public func rewrite(_ texts: [String: String], mutantsFile: String) throws(GuestBuildError) -> [String: String] {
        var lines: [String: [String]] = [:]
        for mutant in mutants {
            for edit in mutant.edits {
                if lines[edit.file] == nil {
                    guard let text = texts[edit.file] else {
                        throw .project(mutantsFile, "mutant \(mutant.name): \(edit.file) is not a file of the package")
                    }
                    lines[edit.file] = text.components(separatedBy: "\n")
                }
                guard var fileLines = lines[edit.file], edit.line >= 1, edit.line <= fileLines.count else {
                    throw .project(mutantsFile, "mutant \(mutant.name): \(edit.file) has no line \(edit.line)")
                }
                let original = fileLines[edit.line - 1]
                let indent = String(original.prefix { $0 == " " })
                let trimmed = original.trimmingCharacters(in: .whitespaces)
                switch edit.kind {
                case .drop(let statement):
                    guard trimmed == statement else {
                        throw .project(
                            mutantsFile,
                            "mutant \(mutant.name): \(edit.file):\(edit.line) is `\(trimmed)`, not `\(statement)`")
                    }
                    fileLines[edit.line - 1] = "\(indent)if !__oalMutant(\(mutant.id)) { \(statement) }"
                case .replace(let from, let to):
                    guard let range = original.range(of: from),
                        original.range(of: from, range: range.upperBound..<original.endIndex) == nil
                    else {
                        throw .project(
                            mutantsFile, "mutant \(mutant.name): `\(from)` is not once on \(edit.file):\(edit.line)")
                    }
                    fileLines[edit.line - 1] = original.replacingCharacters(
                        in: range, with: "(__oalMutant(\(mutant.id)) ? (\(to)) : (\(from)))")
                }
                lines[edit.file] = fileLines
            }
        }
        return lines.mapValues { $0.joined(separator: "\n") }
    }
}
