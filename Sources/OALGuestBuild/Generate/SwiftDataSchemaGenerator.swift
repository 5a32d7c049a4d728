import Foundation

/// Writes what Apple's `@Model` macro generates beyond observation: the
/// `PersistentModel` conformance and `schemaMetadata` (each stored
/// property's name, key path, declared default and `@Attribute` /
/// `@Relationship` / `@Transient` annotation), read from the model's source.
/// The stand-in SwiftData (Sources/GuestSDK/SwiftData) reuses the toolchain's
/// `@Observable` expansion for the rest, since no macro plugin of our own
/// can be built here.
public enum SwiftDataSchemaGenerator {
    /// One `@Model` class of a source file.
    public struct Model: Hashable, Sendable {
        public var name: String
        public var isPublic: Bool
        public var properties: [Property]
        public var file: String
    }

    public struct Property: Hashable, Sendable {
        public var name: String
        /// The declared type, when written.
        public var type: String?
        public var defaultValue: String?
        /// `Attribute(...)`, `Relationship(...)` or `Transient`, as written.
        public var annotation: String?
    }

    /// The models of `files` (path, text).
    public static func models(in files: [(path: String, text: String)]) -> [Model] {
        files.flatMap { models(in: $0.text, file: $0.path) }
    }

    static func models(in text: String, file: String) -> [Model] {
        let scanner = SwiftSourceScanner(text)
        var models: [Model] = []
        for at in scanner.occurrences(of: "Model") where at > 0 && scanner.code[at - 1] == UInt8(ascii: "@") {
            // The class this attribute is on: the next `class NAME` before any `{`.
            guard let classAt = scanner.occurrences(of: "class", in: at..<scanner.code.count).first,
                !scanner.codeText(at..<classAt).contains("{"),
                let (name, nameEnd) = scanner.identifier(after: classAt + 5),
                let open = scanner.code[nameEnd...].firstIndex(of: UInt8(ascii: "{")),
                let close = scanner.matching(open)
            else { continue }
            let header = scanner.codeText(at..<classAt)
            let lineStart = scanner.code[..<at].lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
            let modifiers = scanner.codeText(lineStart..<classAt) + header
            models.append(
                Model(
                    name: name, isPublic: modifiers.contains("public") || modifiers.contains("open"),
                    properties: properties(scanner, body: (open + 1)..<close), file: file))
        }
        return models
    }

    /// The stored properties declared directly in a class body.
    static func properties(_ scanner: SwiftSourceScanner, body: Range<Int>) -> [Property] {
        var properties: [Property] = []
        var index = body.lowerBound
        var declarationStart = body.lowerBound
        while index < body.upperBound {
            let byte = scanner.code[index]
            if byte == UInt8(ascii: "{") {
                // A nested body (a method, an initialiser, a nested type).
                index = (scanner.matching(index) ?? body.upperBound) + 1
                declarationStart = index
                continue
            }
            if byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") {
                // An attribute's arguments, a parameter list: part of the declaration.
                index = (scanner.matching(index) ?? body.upperBound) + 1
                continue
            }
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: ";") {
                if !containsDeclarationStart(scanner, declarationStart..<index) { declarationStart = index + 1 }
                index += 1
                continue
            }
            guard SwiftSourceScanner.isIdentifier(byte),
                index == body.lowerBound
                    || !SwiftSourceScanner.isIdentifier(scanner.code[index - 1])
            else {
                index += 1
                continue
            }
            guard let (word, wordEnd) = scanner.identifier(after: index) else {
                index += 1
                continue
            }
            if word == "var" || word == "let" {
                let prefix = scanner.codeText(declarationStart..<index)
                let attributesText = scanner.text(declarationStart..<index)
                let (property, end) = storedProperty(scanner, after: wordEnd, limit: body.upperBound)
                let isStatic = prefix.contains("static") || prefixWords(prefix).contains("class")
                let isLazy = prefixWords(prefix).contains("lazy")
                if var property, !isStatic, !isLazy {
                    property.annotation = annotation(attributesText)
                    properties.append(property)
                }
                index = end
                declarationStart = end
                continue
            }
            index = wordEnd
        }
        return properties
    }

    static func prefixWords(_ text: String) -> [String] {
        text.split(whereSeparator: { !$0.isLetter && $0 != "_" && $0 != "@" }).map(String.init)
    }

    static func containsDeclarationStart(_ scanner: SwiftSourceScanner, _ range: Range<Int>) -> Bool {
        guard !range.isEmpty else { return false }
        return scanner.codeText(range).contains("@")
    }

    /// `NAME[: TYPE][ = DEFAULT]` after `var`; nil for a computed property.
    static func storedProperty(
        _ scanner: SwiftSourceScanner, after start: Int, limit: Int
    ) -> (Property?, end: Int) {
        guard let (name, nameEnd) = scanner.identifier(after: start) else { return (nil, start + 1) }
        var index = nameEnd
        var type: String?
        var defaultValue: String?
        func skipBlanks() {
            while index < limit, scanner.code[index] == UInt8(ascii: " ") || scanner.code[index] == UInt8(ascii: "\t") {
                index += 1
            }
        }
        skipBlanks()
        if index < limit, scanner.code[index] == UInt8(ascii: ":") {
            index += 1
            let typeStart = index
            index = expressionEnd(scanner, from: index, limit: limit, stopAt: [UInt8(ascii: "="), UInt8(ascii: "{")])
            type = scanner.text(typeStart..<index).trimmingCharacters(in: .whitespaces)
            skipBlanks()
        }
        if index < limit, scanner.code[index] == UInt8(ascii: "=") {
            index += 1
            let valueStart = index
            index = expressionEnd(scanner, from: index, limit: limit, stopAt: [UInt8(ascii: "{")])
            defaultValue = scanner.text(valueStart..<index).trimmingCharacters(in: .whitespaces)
            skipBlanks()
        }
        if index < limit, scanner.code[index] == UInt8(ascii: "{") {
            // Accessors: computed unless they are only observers.
            let close = scanner.matching(index) ?? limit
            let body = scanner.codeText((index + 1)..<close)
            let observersOnly = (body.contains("didSet") || body.contains("willSet")) && !body.contains("get")
            index = close + 1
            if !observersOnly { return (nil, index) }
        }
        return (Property(name: name, type: type, defaultValue: defaultValue, annotation: nil), index)
    }

    /// Where an expression or type ends: a newline or `;` outside brackets
    /// (unless the next line continues it with an operator or `.`), or one
    /// of `stopAt` outside brackets.
    static func expressionEnd(_ scanner: SwiftSourceScanner, from start: Int, limit: Int, stopAt: [UInt8]) -> Int {
        var index = start
        var depth = 0
        while index < limit {
            let byte = scanner.code[index]
            switch byte {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "<"): depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: ">"):
                if byte != UInt8(ascii: ">") || index == 0 || scanner.code[index - 1] != UInt8(ascii: "-") {
                    depth -= 1
                }
            case UInt8(ascii: "{") where depth == 0:
                if stopAt.contains(byte) { return index }
                // A closure default value: take it whole.
                index = (scanner.matching(index) ?? limit) + 1
                continue
            case UInt8(ascii: "\n"), UInt8(ascii: ";"):
                if depth <= 0 {
                    var next = index + 1
                    while next < limit, SwiftSourceScanner.isBlank(scanner.code[next]) { next += 1 }
                    let continues =
                        next < limit && byte == UInt8(ascii: "\n")
                        && [
                            UInt8(ascii: "."), UInt8(ascii: "?"), UInt8(ascii: "+"), UInt8(ascii: "&"),
                            UInt8(ascii: "|"),
                        ].contains(scanner.code[next])
                    if !continues { return index }
                }
            default:
                if depth <= 0, stopAt.contains(byte) { return index }
            }
            index += 1
        }
        return limit
    }

    /// The SwiftData annotation among a declaration's attributes.
    static func annotation(_ attributes: String) -> String? {
        for name in ["Attribute", "Relationship", "Transient"] {
            guard let range = attributes.range(of: "@" + name) else { continue }
            if name == "Transient" { return "Transient" }
            var rest = attributes[range.upperBound...]
            guard rest.first == "(" else { return name + "()" }
            var depth = 0
            var end = rest.startIndex
            for index in rest.indices {
                if rest[index] == "(" { depth += 1 }
                if rest[index] == ")" {
                    depth -= 1
                    if depth == 0 {
                        end = rest.index(after: index)
                        break
                    }
                }
            }
            rest = rest[..<end]
            return name + rest
        }
        return nil
    }

    /// The generated Swift file for `models` (empty text when there are none).
    public static func source(for models: [Model]) -> String {
        guard !models.isEmpty else { return "" }
        var lines = [
            "// Generated by the guest build: what Apple's @Model macro adds beyond observation",
            "// (docs/GUEST.md, \"SwiftData\"), read from each model's declaration.",
            "import SwiftData",
            "",
        ]
        for model in models {
            let access = model.isPublic ? "public " : ""
            lines.append("// \(model.file)")
            lines.append("extension \(model.name): SwiftData.PersistentModel {")
            lines.append("    \(access)nonisolated static var schemaMetadata: [SwiftData.Schema.PropertyMetadata] {")
            lines.append("        [")
            for property in model.properties {
                var defaultValue = "nil"
                if let value = property.defaultValue {
                    defaultValue = property.type.map { "(\(value)) as \($0)" } ?? "(\(value))"
                }
                var metadata = "nil"
                switch property.annotation {
                case "Transient"?: metadata = "SwiftData.TransientMarker()"
                case let annotation?: metadata = "SwiftData.Schema." + annotation
                case nil: break
                }
                lines.append(
                    "            SwiftData.Schema.PropertyMetadata(name: \"\(property.name)\", "
                        + "keypath: \\\(model.name).\(property.name), defaultValue: \(defaultValue), "
                        + "metadata: \(metadata)),")
            }
            lines.append("        ]")
            lines.append("    }")
            lines.append("}")
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }
}
