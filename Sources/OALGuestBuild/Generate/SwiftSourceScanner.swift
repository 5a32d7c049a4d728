import Foundation

/// Just enough of Swift's lexical structure to find declarations in a
/// guest file without compiling it: comments and string literals are
/// blanked out (same length, newlines kept), so braces, `@Model` and
/// `var` are only ever found in code.
struct SwiftSourceScanner {
    /// The file as written.
    let original: [UInt8]
    /// The file with every comment and string literal's content replaced by spaces.
    let code: [UInt8]

    init(_ text: String) {
        original = Array(text.utf8)
        code = Self.blank(original)
    }

    func text(_ range: Range<Int>) -> String {
        String(decoding: original[range], as: UTF8.self)
    }

    func codeText(_ range: Range<Int>) -> String {
        String(decoding: code[range], as: UTF8.self)
    }

    /// The index of the bracket closing the one at `open` (any of `{[(`), or nil.
    func matching(_ open: Int) -> Int? {
        var depth = 0
        var index = open
        while index < code.count {
            switch code[index] {
            case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "("): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: ")"):
                depth -= 1
                if depth == 0 { return index }
            default: break
            }
            index += 1
        }
        return nil
    }

    /// Whether the file declares a class named `name` (an extension's
    /// principal class).
    func declaresClass(_ name: String) -> Bool {
        occurrences(of: "class").contains { identifier(after: $0 + "class".utf8.count)?.name == name }
    }

    /// Whether the file declares a class or struct named `name` (an
    /// extension's principal class, or an ExtensionKit extension's `@main`).
    func declaresType(_ name: String) -> Bool {
        ["class", "struct"].contains { keyword in
            occurrences(of: keyword).contains { identifier(after: $0 + keyword.utf8.count)?.name == name }
        }
    }

    /// The type marked `@main`: the first `struct`, `class` or `enum`
    /// after the attribute.
    func mainType() -> String? {
        for attribute in occurrences(of: "main") where attribute > 0 && code[attribute - 1] == UInt8(ascii: "@") {
            let after = attribute + 4
            let keywords = ["struct", "class", "enum"].compactMap { keyword in
                occurrences(of: keyword, in: after..<code.count).first.map { ($0, keyword) }
            }
            guard let (position, keyword) = keywords.min(by: { $0.0 < $1.0 }) else { continue }
            return identifier(after: position + keyword.utf8.count)?.name
        }
        return nil
    }

    /// Positions where `word` stands as a whole identifier.
    func occurrences(of word: String, in range: Range<Int>? = nil) -> [Int] {
        let bytes = Array(word.utf8)
        let range = range ?? 0..<code.count
        var found: [Int] = []
        var index = range.lowerBound
        while index + bytes.count <= range.upperBound {
            if code[index] == bytes[0], Array(code[index..<index + bytes.count]) == bytes,
                index == 0 || !Self.isIdentifier(code[index - 1]),
                index + bytes.count == code.count || !Self.isIdentifier(code[index + bytes.count])
            {
                found.append(index)
                index += bytes.count
            } else {
                index += 1
            }
        }
        return found
    }

    /// The identifier starting at or after `index` (skipping blanks).
    func identifier(after index: Int) -> (name: String, end: Int)? {
        var start = index
        while start < code.count, Self.isBlank(code[start]) { start += 1 }
        var end = start
        if end < code.count, code[end] == UInt8(ascii: "`") {
            start += 1
            end += 1
        }
        while end < code.count, Self.isIdentifier(code[end]) { end += 1 }
        guard end > start else { return nil }
        let name = codeText(start..<end)
        if end < code.count, code[end] == UInt8(ascii: "`") { end += 1 }
        return (name, end)
    }

    static func isIdentifier(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a)
            || byte == 0x5f || byte >= 0x80
    }

    static func isBlank(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r")
    }

    /// Blanks comments (`//`, nested `/* */`) and string literals (`"…"`,
    /// `"""…"""`, raw `#"…"#`), keeping the quotes and every newline.
    static func blank(_ source: [UInt8]) -> [UInt8] {
        var out = source
        var index = 0
        func blankOut(_ range: Range<Int>) {
            for position in range where out[position] != UInt8(ascii: "\n") { out[position] = UInt8(ascii: " ") }
        }
        while index < source.count {
            let byte = source[index]
            let next = index + 1 < source.count ? source[index + 1] : 0
            if byte == UInt8(ascii: "/"), next == UInt8(ascii: "/") {
                var end = index
                while end < source.count, source[end] != UInt8(ascii: "\n") { end += 1 }
                blankOut(index..<end)
                index = end
            } else if byte == UInt8(ascii: "/"), next == UInt8(ascii: "*") {
                var depth = 0
                var end = index
                while end < source.count {
                    if source[end] == UInt8(ascii: "/"), end + 1 < source.count, source[end + 1] == UInt8(ascii: "*") {
                        depth += 1
                        end += 2
                    } else if source[end] == UInt8(ascii: "*"), end + 1 < source.count,
                        source[end + 1] == UInt8(ascii: "/")
                    {
                        depth -= 1
                        end += 2
                        if depth == 0 { break }
                    } else {
                        end += 1
                    }
                }
                blankOut(index..<end)
                index = end
            } else if byte == UInt8(ascii: "\"") || (byte == UInt8(ascii: "#") && next == UInt8(ascii: "\"")) {
                var hashes = 0
                var start = index
                while start < source.count, source[start] == UInt8(ascii: "#") {
                    hashes += 1
                    start += 1
                }
                let multiline =
                    start + 2 < source.count && source[start + 1] == UInt8(ascii: "\"")
                    && source[start + 2] == UInt8(ascii: "\"")
                let quotes = multiline ? 3 : 1
                var end = start + quotes
                let terminator =
                    [UInt8](repeating: UInt8(ascii: "\""), count: quotes)
                    + [UInt8](repeating: UInt8(ascii: "#"), count: hashes)
                while end < source.count {
                    if hashes == 0, source[end] == UInt8(ascii: "\\") {
                        end += 2
                        continue
                    }
                    if end + terminator.count <= source.count, Array(source[end..<end + terminator.count]) == terminator
                    {
                        break
                    }
                    if !multiline, source[end] == UInt8(ascii: "\n") { break }
                    end += 1
                }
                blankOut((start + quotes)..<min(end, source.count))
                index = min(end + terminator.count, source.count)
            } else {
                index += 1
            }
        }
        return out
    }
}
