import Foundation

/// Mutant schemata (one build, a mutant chosen at run time): every site of
/// a file is rewritten into `(__oalMutant(N) ? MUTATED : ORIGINAL)` (or
/// `if !__oalMutant(N) { STATEMENT }`), so the copy compiles once and
/// behaves as the original unless `OAL_MUTANT=guest-N` names one of its
/// sites. Line by line and textual, on purpose: a rewrite the compiler
/// rejects is dropped by the caller (`not compiled`), not guessed at.
/// Lines with a string literal, comments and attribute or `case` lines
/// are left alone.
public enum MutantSchema {
    /// The rewritten text of `text` (the file `file`), numbering its sites
    /// from `firstID`; `skip` holds the lines (1-based) not to touch.
    public static func rewrite(
        _ text: String, file: String, firstID: Int, skip: Set<Int> = []
    ) -> (text: String, sites: [MutationSite]) {
        var sites: [MutationSite] = []
        var next = firstID
        var lines = text.components(separatedBy: "\n")
        var inBlockComment = false
        for index in lines.indices {
            let number = index + 1
            let line = lines[index]
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if inBlockComment {
                if trimmed.contains("*/") { inBlockComment = false }
                continue
            }
            if trimmed.hasPrefix("/*") {
                inBlockComment = !trimmed.contains("*/")
                continue
            }
            guard !skip.contains(number), eligible(trimmed) else { continue }
            let previous = index > 0 ? lines[index - 1].trimmingCharacters(in: .whitespaces) : "{"
            let following = index + 1 < lines.count ? lines[index + 1].trimmingCharacters(in: .whitespaces) : "}"
            var rewritten = line
            func site(_ op: MutationSite.Operator, _ original: String, _ mutated: String) -> Int {
                let id = next
                next += 1
                sites.append(
                    MutationSite(id: id, file: file, line: number, op: op, original: original, mutated: mutated))
                return id
            }
            // A statement of its own, or a function's body start: whole-line rewrites.
            if let deleted = deletableStatement(trimmed, previous: previous, following: following) {
                let id = site(.deleteStatement, deleted, "")
                let indent = String(line.prefix { $0 == " " })
                lines[index] = "\(indent)if !__oalMutant(\(id)) { \(deleted) }"
                continue
            }
            if isVoidFunctionStart(trimmed) {
                let id = site(.returnEarly, trimmed, "return at once")
                lines[index] = line + " if __oalMutant(\(id)) { return }"
                continue
            }
            // Within the line: constants first (on placeholders), then
            // comparisons, then the whole condition.
            var constants: [(placeholder: String, id: Int, value: Int)] = []
            rewritten = replacingIntegerLiterals(in: rewritten) { value in
                let id = site(.changeConstant, "\(value)", "\(value + 1)")
                let placeholder = "⟦\(id)⟧"
                constants.append((placeholder, id, value))
                return placeholder
            }
            rewritten = replacingComparisons(in: rewritten) { left, op, right in
                let swapped = ["<": "<=", "<=": "<", ">": ">=", ">=": ">"][op] ?? op
                let id = site(.swapRelational, "\(left) \(op) \(right)", "\(left) \(swapped) \(right)")
                return "(__oalMutant(\(id)) ? (\(left) \(swapped) \(right)) : (\(left) \(op) \(right)))"
            }
            if let (_, source, _) = simpleCondition(line),
                let (keyword, condition, tail) = simpleCondition(rewritten, plain: false)
            {
                let id = site(.negateCondition, source, "!(\(source))")
                rewritten = "\(keyword) (__oalMutant(\(id)) ? !(\(condition)) : (\(condition)))\(tail)"
            }
            for constant in constants {
                rewritten = rewritten.replacingOccurrences(
                    of: constant.placeholder,
                    with: "(__oalMutant(\(constant.id)) ? \(constant.value + 1) : \(constant.value))")
            }
            // Sites record the original text, not the placeholders, and
            // count repeats of one text on the line.
            var seen: [String: Int] = [:]
            for index in sites.indices where sites[index].line == number {
                for constant in constants {
                    sites[index].original = sites[index].original.replacingOccurrences(
                        of: constant.placeholder, with: "\(constant.value)")
                    sites[index].mutated = sites[index].mutated.replacingOccurrences(
                        of: constant.placeholder, with: "\(constant.value)")
                }
                let text = "\(sites[index].op.rawValue):\(sites[index].original)"
                seen[text, default: 0] += 1
                sites[index].occurrence = seen[text] ?? 1
            }
            lines[index] = rewritten
        }
        return (lines.joined(separator: "\n"), sites)
    }

    static func eligible(_ trimmed: String) -> Bool {
        guard !trimmed.isEmpty, !trimmed.hasPrefix("//"), !trimmed.contains("\""), !trimmed.contains("//") else {
            return false
        }
        for prefix in ["@", "#", "case ", "import ", "default:", "enum ", "struct ", "class ", "actor ", "protocol "]
        where trimmed.hasPrefix(prefix) {
            return false
        }
        return !trimmed.contains(" case ") && !trimmed.contains("static let") && !trimmed.contains("#Predicate")
    }

    /// `if C {`, `guard C else {`, `while C {` with one plain condition:
    /// (keyword with its indentation, the condition, the rest).
    /// `plain: false` takes a condition already holding schemata.
    static func simpleCondition(_ line: String, plain: Bool = true) -> (String, String, String)? {
        let indent = String(line.prefix { $0 == " " })
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        for keyword in ["if ", "guard ", "while ", "} else if "] where trimmed.hasPrefix(keyword) {
            let rest = trimmed.dropFirst(keyword.count)
            let tail: String
            if keyword == "guard ", let elseRange = rest.range(of: " else {"),
                rest.hasSuffix(" else {") || rest.hasSuffix("}")
            {
                // `guard C else {` or the one-line `guard C else { return }`.
                tail = String(rest[elseRange.lowerBound...])
            } else if rest.hasSuffix(" {") {
                tail = " {"
            } else {
                return nil
            }
            let condition = String(rest.dropLast(tail.count))
            let banned = ["let ", "var ", "case ", "#available", ", ", "{", "}", "try", "await"]
            guard !condition.isEmpty, balanced(condition),
                !plain || !(banned + ["__oalMutant"]).contains(where: condition.contains)
            else {
                return nil
            }
            return (indent + keyword.trimmingCharacters(in: .whitespaces), condition, tail)
        }
        return nil
    }

    /// A call or an assignment alone on its line, complete (balanced), not
    /// continuing the previous line nor continued by the next.
    static func deletableStatement(_ trimmed: String, previous: String, following: String) -> String? {
        let continuation = [",", "(", "[", "=", "&&", "||", "+", "-", "?", ":", "."]
        // The only line of a body is its value (an implicit return),
        // unless the body is a statement's (if, guard, for, while, else).
        let statementBody = ["if ", "guard ", "for ", "while ", "} else", "else ", "do "].contains(
            where: previous.hasPrefix)
        if previous.hasSuffix("{"), following.hasPrefix("}"), !statementBody { return nil }
        guard balanced(trimmed), !continuation.contains(where: previous.hasSuffix),
            !trimmed.hasSuffix("{"), !trimmed.hasSuffix(","), !trimmed.hasSuffix("("),
            ![".", ")", "]", "&&", "||", "?", ":"].contains(where: following.hasPrefix)
        else { return nil }
        let declaration = [
            "let ", "var ", "return", "guard ", "if ", "for ", "while ", "switch ", "func ", "}",
            "throw ", "break", "continue", "defer", "do ", "else", "private ", "public ", "static ", "init",
            "override ", "nonisolated ", "fileprivate ", "internal ", "weak ", "lazy ", "typealias ",
        ]
        guard !declaration.contains(where: trimmed.hasPrefix) else { return nil }
        let call = trimmed.range(
            of: #"^(try |await |try await )*[A-Za-z_][\w\.\?]*\(.*\)$"#, options: .regularExpression)
        let assignment = trimmed.range(
            of: #"^(self\.)?[A-Za-z_][\w\.\[\]]* (=|\+=|-=) [^=].*$"#, options: .regularExpression)
        return call != nil || assignment != nil ? trimmed : nil
    }

    /// `func name(...) {` on one line, returning nothing.
    static func isVoidFunctionStart(_ trimmed: String) -> Bool {
        guard trimmed.hasSuffix("{"), !trimmed.contains("->"), !trimmed.contains(" init("),
            trimmed.range(of: #"(^|\s)func \w+"#, options: .regularExpression) != nil,
            balanced(String(trimmed.dropLast()))
        else { return false }
        return !trimmed.contains(" get ") && !trimmed.contains("some ")
    }

    static func balanced(_ text: String) -> Bool {
        var depth = 0
        for character in text {
            if "([{".contains(character) { depth += 1 }
            if ")]}".contains(character) { depth -= 1 }
            if depth < 0 { return false }
        }
        return depth == 0
    }

    /// Each integer literal token (not part of a name, a float or a range
    /// bound) replaced by what `replace` returns for its value.
    static func replacingIntegerLiterals(in line: String, _ replace: (Int) -> String) -> String {
        let pattern = #"(?<![\w\.⟦])(\d+)(?![\w\.⟧])"#
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return line }
        var result = line
        let matches = regex.matches(in: line, range: NSRange(line.startIndex..., in: line))
        var replacements: [(Range<String.Index>, String)] = []
        for match in matches {
            guard let range = Range(match.range, in: line), let value = Int(line[range]), value < 100_000 else {
                continue
            }
            replacements.append((range, replace(value)))
        }
        for (range, text) in replacements.reversed() {
            result.replaceSubrange(range, with: text)
        }
        return result
    }

    /// Each `A op B` with a simple operand on either side (a name or a
    /// member chain, a call without arguments, a literal or placeholder).
    static func replacingComparisons(in line: String, _ replace: (String, String, String) -> String) -> String {
        let operand = #"[A-Za-z_⟦\d][\w\.⟦⟧]*(?:\(\))?"#
        let pattern = "(?<![\\w\\.⟧\\)])(\(operand)) (<=|>=|<|>) (\(operand))(?![\\w\\.\\(])"
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return line }
        var result = line
        let matches = regex.matches(in: line, range: NSRange(line.startIndex..., in: line))
        for match in matches.reversed() {
            guard let whole = Range(match.range, in: line), let left = Range(match.range(at: 1), in: line),
                let op = Range(match.range(at: 2), in: line), let right = Range(match.range(at: 3), in: line)
            else { continue }
            result.replaceSubrange(whole, with: replace(String(line[left]), String(line[op]), String(line[right])))
        }
        return result
    }
}
