import Foundation

/// An XcodeGen `project.yml`, read for what a guest build needs: each
/// target's name, type, platform, source folders, Info.plist and the
/// package products it links. A package's sample host app ships its
/// project this way (the `.xcodeproj` is generated, and not in the
/// checkout).
///
/// The subset of YAML XcodeGen specs use for these keys is read: block
/// mappings and sequences by indentation, plain or quoted scalars, and flow
/// sequences (`[a, b]`) on one line. Anything else under those keys (an
/// anchor, a multi-line flow) is refused naming the line, never guessed.
public struct XcodeGenSpec: Sendable, Equatable {
    public struct Target: Sendable, Equatable {
        public var name: String
        /// `application`, `app-extension`, `bundle.unit-test`, ...
        public var type: String
        public var platform: String
        /// Source folders or files, relative to the spec's folder.
        public var sources: [String]
        /// `product` of each `package` dependency.
        public var packageProducts: [String]
        /// `info: path:`, relative to the spec's folder.
        public var infoPath: String?
        /// `settings: base:` scalars.
        public var settings: [String: String]
    }

    public var name: String
    /// The folder holding `project.yml`.
    public var folder: URL
    public var targets: [Target]

    /// The iOS application target.
    public var application: Target? {
        targets.first { $0.type == "application" && $0.platform.lowercased() == "ios" }
            ?? targets.first { $0.type == "application" }
    }

    /// The specs of a package's example apps: `Examples/*/project.yml`.
    public static func examples(in checkout: URL) -> [URL] {
        let examples = checkout.appendingPathComponent("Examples")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: examples.path)) ?? []).sorted()
        return names.map { examples.appendingPathComponent($0).appendingPathComponent("project.yml") }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
    }

    public static func read(_ url: URL) throws(GuestBuildError) -> XcodeGenSpec {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
            throw .notFound("\(url.path): no readable XcodeGen spec")
        }
        return try parse(text, file: url.path, folder: url.deletingLastPathComponent())
    }

    static func parse(_ text: String, file: String, folder: URL) throws(GuestBuildError) -> XcodeGenSpec {
        let root = try YAMLSubset.parse(text, file: file)
        guard let name = root["name"]?.scalar else { throw .project(file, "no top-level `name:`") }
        guard case .mapping(let entries)? = root["targets"] else {
            throw .project(file, "no `targets:` mapping")
        }
        var targets: [Target] = []
        for (targetName, node) in entries {
            let sources: [String] =
                switch node["sources"] {
                case .sequence(let items)?: items.compactMap { $0.scalar ?? $0["path"]?.scalar }
                case .scalar(let path)?: [path]
                default: []
                }
            var products: [String] = []
            if case .sequence(let items)? = node["dependencies"] {
                for item in items where item["package"] != nil {
                    if let product = item["product"]?.scalar ?? item["package"]?.scalar { products.append(product) }
                }
            }
            var settings: [String: String] = [:]
            if case .mapping(let base)? = node["settings"]?["base"] {
                for (key, value) in base { if let scalar = value.scalar { settings[key] = scalar } }
            }
            targets.append(
                Target(
                    name: targetName, type: node["type"]?.scalar ?? "", platform: node["platform"]?.scalar ?? "",
                    sources: sources, packageProducts: products, infoPath: node["info"]?["path"]?.scalar,
                    settings: settings))
        }
        return XcodeGenSpec(name: name, folder: folder, targets: targets)
    }
}

/// The block-structured YAML an XcodeGen spec is written in (see
/// `XcodeGenSpec`).
enum YAMLSubset: Equatable, Sendable {
    case scalar(String)
    case sequence([YAMLSubset])
    case mapping([(String, YAMLSubset)])

    static func == (lhs: YAMLSubset, rhs: YAMLSubset) -> Bool {
        switch (lhs, rhs) {
        case (.scalar(let a), .scalar(let b)): a == b
        case (.sequence(let a), .sequence(let b)): a == b
        case (.mapping(let a), .mapping(let b)): a.map(\.0) == b.map(\.0) && a.map(\.1) == b.map(\.1)
        default: false
        }
    }

    var scalar: String? {
        if case .scalar(let value) = self { return value }
        return nil
    }

    subscript(key: String) -> YAMLSubset? {
        if case .mapping(let entries) = self { return entries.first { $0.0 == key }?.1 }
        return nil
    }

    struct Line {
        var number: Int
        var indent: Int
        var text: String
    }

    static func parse(_ text: String, file: String) throws(GuestBuildError) -> YAMLSubset {
        var lines: [Line] = []
        for (index, raw) in text.components(separatedBy: "\n").enumerated() {
            let stripped = stripComment(raw)
            let content = stripped.trimmingCharacters(in: .whitespaces)
            guard !content.isEmpty, content != "---" else { continue }
            if raw.hasPrefix("\t") { throw .project(file, "line \(index + 1): a tab in the indentation") }
            lines.append(Line(number: index + 1, indent: stripped.prefix { $0 == " " }.count, text: content))
        }
        var position = 0
        let node = try block(&position, lines, indent: lines.first?.indent ?? 0, file: file)
        if position < lines.count {
            throw .project(file, "line \(lines[position].number): indentation does not fit the structure above it")
        }
        return node
    }

    /// A `#` that starts a comment (outside quotes, after a space or at the start).
    static func stripComment(_ line: String) -> String {
        var quote: Character?
        var previous: Character = " "
        for (offset, character) in line.enumerated() {
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "#", previous == " " {
                return String(line.prefix(offset))
            }
            previous = character
        }
        return line
    }

    static func block(_ position: inout Int, _ lines: [Line], indent: Int, file: String) throws(GuestBuildError)
        -> YAMLSubset
    {
        guard position < lines.count else { return .scalar("") }
        if lines[position].text.hasPrefix("- ") || lines[position].text == "-" {
            var items: [YAMLSubset] = []
            while position < lines.count, lines[position].indent == indent,
                lines[position].text.hasPrefix("- ") || lines[position].text == "-"
            {
                let line = lines[position]
                let rest = String(line.text.dropFirst(1)).trimmingCharacters(in: .whitespaces)
                position += 1
                if rest.isEmpty {
                    items.append(try nested(&position, lines, parent: indent, file: file))
                } else if let colon = keySeparator(rest) {
                    // `- key: value` opens a mapping whose keys sit at the dash's content column.
                    let column = line.indent + 2
                    var entries = [try entry(rest, colon, &position, lines, column: column, file: file, line: line)]
                    while position < lines.count, lines[position].indent == column {
                        let next = lines[position]
                        guard let separator = keySeparator(next.text) else {
                            throw .project(file, "line \(next.number): expected `key: value`")
                        }
                        position += 1
                        entries.append(
                            try entry(next.text, separator, &position, lines, column: column, file: file, line: next))
                    }
                    items.append(.mapping(entries))
                } else {
                    items.append(try value(rest, file: file, line: line.number))
                }
            }
            return .sequence(items)
        }
        var entries: [(String, YAMLSubset)] = []
        while position < lines.count, lines[position].indent == indent {
            let line = lines[position]
            guard let colon = keySeparator(line.text) else {
                throw .project(file, "line \(line.number): expected `key: value`")
            }
            position += 1
            entries.append(try entry(line.text, colon, &position, lines, column: indent, file: file, line: line))
        }
        return .mapping(entries)
    }

    static func entry(
        _ text: String, _ colon: String.Index, _ position: inout Int, _ lines: [Line], column: Int, file: String,
        line: Line
    ) throws(GuestBuildError) -> (String, YAMLSubset) {
        let key = unquote(String(text[..<colon]).trimmingCharacters(in: .whitespaces))
        let rest = String(text[text.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
        if rest.isEmpty { return (key, try nested(&position, lines, parent: column, file: file)) }
        return (key, try value(rest, file: file, line: line.number))
    }

    /// The block under a key or dash: deeper than `parent`, or (a sequence
    /// under a key) at the same column.
    static func nested(_ position: inout Int, _ lines: [Line], parent: Int, file: String) throws(GuestBuildError)
        -> YAMLSubset
    {
        guard position < lines.count else { return .scalar("") }
        let next = lines[position]
        if next.indent > parent || (next.indent == parent && next.text.hasPrefix("- ")) {
            return try block(&position, lines, indent: next.indent, file: file)
        }
        return .scalar("")
    }

    static func value(_ text: String, file: String, line: Int) throws(GuestBuildError) -> YAMLSubset {
        if text.hasPrefix("[") {
            guard text.hasSuffix("]") else {
                throw .project(file, "line \(line): a flow sequence must close on its line")
            }
            let inner = text.dropFirst().dropLast().trimmingCharacters(in: .whitespaces)
            if inner.isEmpty { return .sequence([]) }
            return .sequence(
                inner.split(separator: ",").map { .scalar(unquote($0.trimmingCharacters(in: .whitespaces))) })
        }
        if text == "{}" { return .mapping([]) }
        if text.hasPrefix("&") || text.hasPrefix("*") || text.hasPrefix("{") || text.hasPrefix("|")
            || text.hasPrefix(">")
        {
            throw .project(file, "line \(line): `\(text)`: anchors, flow mappings and block scalars are not read")
        }
        return .scalar(unquote(text))
    }

    /// The `:` that ends a key (followed by a space or the line's end), outside quotes.
    static func keySeparator(_ text: String) -> String.Index? {
        var quote: Character?
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == ":" {
                let after = text.index(after: index)
                if after == text.endIndex || text[after] == " " { return index }
            }
            index = text.index(after: index)
        }
        return nil
    }

    static func unquote(_ text: String) -> String {
        if text.count >= 2, let first = text.first, first == "\"" || first == "'", text.last == first {
            return String(text.dropFirst().dropLast())
        }
        return text
    }
}
