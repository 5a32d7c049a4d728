import Foundation

/// Xcode's build settings as a guest build needs them: `.xcconfig` files
/// (`#include`, `#include?`, `KEY = VALUE`, `KEY[sdk=iphoneos*] = VALUE`)
/// and `$(NAME)` / `${NAME}` references expanded, as Xcode expands them
/// for the Info.plist (`AppLinks` reads a URL built that way).
public enum BuildSettings {
    /// The settings of an `.xcconfig` file and the files it includes. A
    /// missing optional include (`#include?`) is skipped, as Xcode does.
    public static func xcconfig(_ url: URL, depth: Int = 0) -> [String: String] {
        guard depth < 8, let text = try? String(contentsOf: url, encoding: .utf8) else { return [:] }
        var settings: [String: String] = [:]
        for rawLine in text.split(separator: "\n") {
            var line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("#include") {
                guard let open = line.firstIndex(of: "\""), let close = line.lastIndex(of: "\""), open < close else {
                    continue
                }
                let path = String(line[line.index(after: open)..<close])
                let included = URL(fileURLWithPath: path, relativeTo: url.deletingLastPathComponent())
                settings.merge(xcconfig(included.standardizedFileURL, depth: depth + 1)) { _, new in new }
                continue
            }
            if let comment = line.range(of: "//"),
                !line[..<comment.lowerBound].contains("=") || !isInsideValue(line, comment.lowerBound)
            {
                line = String(line[..<comment.lowerBound]).trimmingCharacters(in: .whitespaces)
            }
            guard let equals = line.firstIndex(of: "=") else { continue }
            var key = line[..<equals].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if let bracket = key.firstIndex(of: "[") {
                // Only the iOS device and the unconditional settings apply.
                guard key[bracket...].contains("sdk=iphoneos") else { continue }
                key = String(key[..<bracket])
            }
            guard !key.isEmpty else { continue }
            settings[key] = value.replacingOccurrences(of: "$(inherited)", with: settings[key] ?? "")
                .trimmingCharacters(in: .whitespaces)
        }
        return settings
    }

    /// Whether a `//` at `index` is inside a value (a URL) rather than a comment.
    static func isInsideValue(_ line: String, _ index: String.Index) -> Bool {
        guard let equals = line.firstIndex(of: "="), equals < index else { return false }
        return index > line.startIndex && line[line.index(before: index)] == ":"
    }

    /// `value` with every `$(NAME)` and `${NAME}` replaced by the setting's
    /// (expanded in turn); an undefined setting is empty, as in Xcode.
    public static func expand(_ value: String, _ settings: [String: String], depth: Int = 0) -> String {
        guard depth < 10, value.contains("$") else { return value }
        var result = ""
        var index = value.startIndex
        while index < value.endIndex {
            let character = value[index]
            let next = value.index(after: index)
            if character == "$", next < value.endIndex, value[next] == "(" || value[next] == "{" {
                let closing: Character = value[next] == "(" ? ")" : "}"
                guard let end = value[next...].firstIndex(of: closing) else {
                    result.append(character)
                    index = next
                    continue
                }
                var name = String(value[value.index(after: next)..<end])
                var modifier: String?
                if let colon = name.firstIndex(of: ":") {
                    modifier = String(name[name.index(after: colon)...])
                    name = String(name[..<colon])
                }
                var replacement = expand(settings[name] ?? "", settings, depth: depth + 1)
                if modifier == "rfc1034identifier" {
                    replacement = String(
                        replacement.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "." ? $0 : "-" })
                } else if modifier == "c99extidentifier" {
                    replacement = String(replacement.map { $0.isLetter || $0.isNumber ? $0 : "_" })
                }
                result += replacement
                index = value.index(after: end)
            } else {
                result.append(character)
                index = next
            }
        }
        return result
    }
}
