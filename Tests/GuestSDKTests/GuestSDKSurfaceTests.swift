import Foundation
import OALTestSupport
import Testing

/// GuestSDK is "the surface the real app calls, no more" (Package.swift;
/// issue 34, item 4): every public name its stand-ins declare is used, or
/// is one of `exemptions`, which the compiler or an Apple protocol calls
/// without naming it.
///
/// A name is what a public declaration of Sources/GuestSDK names, read as
/// text: a type, typealias, func, var, let or macro declared `public` or
/// `open`, a case of a public enum, a requirement of a public protocol.
/// Inits and subscripts have none. Members count by their name: one use
/// of `light` keeps every `light`.
///
/// Used: the name is an identifier, outside comments (string literals
/// count: the guest build's generated code is one), in the guests'
/// sources (../shared/guest: OpenAppLock, Foqos, swift-app-intervention
/// when present, and every commit of OpenAppLock.bundle's first-parent
/// line, the commits `oal-device guest history` builds), examples/,
/// guest-harness/, Tests/ (but this file), or Sources/ anywhere but at the
/// public declarations themselves.
///
/// Without OpenAppLock and Foqos the check is skipped, saying why; without
/// swift-app-intervention or the bundle, what it finds is a known issue,
/// as a name only they use would look unused. The scan's own tests always run.
struct GuestSDKSurfaceTests {
    /// The names nothing names that stay, each with why.
    static let exemptions: [String: String] = [
        // Operators: a use is `a == b`, never the name.
        "==": "Equatable's requirement: `==`, `!=`, `contains` and `firstIndex(of:)` call it",
        "<": "Comparable's requirement: `sorted()`, `min()` and the other comparisons call it",
        "+": "SwiftUI's `Text + Text`: an operator, used as `a + b`",
        "makeAsyncIterator":
            "AsyncSequence's requirement: `for await` over DeviceActivityResults and its segments, categories and applications calls it",
        "~=": "`catch NFCReaderError.Code.x` and `catch BGTaskScheduler.Error.x` match a bridged error through it",
        "presentedItemURL":
            "NSFilePresenter's requirement: a guest's presenter declares it (and is refused when handed over)",
        "presentedItemOperationQueue":
            "NSFilePresenter's requirement: a guest's presenter declares it (and is refused when handed over)",
        // Result builders: the compiler calls these for a builder's body.
        "buildBlock": "a result builder's requirement: the compiler calls it for every builder body",
        "buildExpression": "the compiler calls it for each expression of a `@ViewBuilder` body",
        "buildOptional": "the compiler calls it for an `if` with no `else` in a builder body",
        "buildEither": "the compiler calls it for `if`/`else` and `switch` in a builder body",
        "buildLimitedAvailability": "the compiler calls it for `if #available` in a builder body (Foqos has some)",
        // Protocols the compiler or Foundation calls through.
        "appendLiteral": "StringInterpolationProtocol: the compiler calls it for a Logger message's literal text",
        "appendInterpolation":
            "StringInterpolationProtocol: the compiler calls it for each `\\(...)` of a Logger message",
        "failureReason": "LocalizedError's requirement: Foundation reads it (NSError's localizedFailureReason)",
    ]

    static let repository = GuestBuildTests.repository
    static let guests = repository.deletingLastPathComponent().appendingPathComponent("shared/guest")
    static let bundle = guests.appendingPathComponent("OpenAppLock.bundle")

    static let intervention = guests.appendingPathComponent("swift-app-intervention")

    /// The two apps the stand-ins are for: without them most of the surface
    /// would look unused, so the check is skipped, saying why.
    static var guestsPresent: Bool {
        let manager = FileManager.default
        return manager.fileExists(atPath: guests.appendingPathComponent("OpenAppLock/Shared").path)
            && manager.fileExists(atPath: guests.appendingPathComponent("Foqos/foqos.xcodeproj").path)
    }

    @Test(
        .enabled(
            if: GuestSDKSurfaceTests.guestsPresent,
            """
            needs the guests' sources at ../shared/guest (OpenAppLock, Foqos): without them most of GuestSDK \
            would look unused
            """))
    func everyPublicNameOfGuestSDKIsUsed() throws {
        let surface = try SDKSurface.read(Self.repository)
        var directories = [
            Self.repository.appendingPathComponent("Sources"), Self.repository.appendingPathComponent("Tests"),
            Self.repository.appendingPathComponent("examples"), Self.repository.appendingPathComponent("guest-harness"),
            Self.guests.appendingPathComponent("OpenAppLock"), Self.guests.appendingPathComponent("Foqos"),
        ]
        // The guests that may be absent: then a name only they use looks
        // unused, which is said as a known issue rather than a failure.
        let absent = [Self.intervention, Self.bundle].filter { !FileManager.default.fileExists(atPath: $0.path) }
        if !absent.contains(Self.intervention) { directories.append(Self.intervention) }
        var used = Set<String>()
        let this = URL(fileURLWithPath: #filePath).standardizedFileURL.path
        for directory in directories {
            for file in SwiftFiles.under(directory) where file.path != this {
                let tokens =
                    try surface.tokens[file.path] ?? Lexer.tokens(of: String(contentsOf: file, encoding: .utf8))
                let declared = surface.declarationTokens[file.path] ?? []
                for (index, token) in tokens.enumerated() where token.kind != .punctuation {
                    if !declared.contains(index) { used.insert(token.text) }
                }
            }
        }
        var unused = Set(surface.names.keys).subtracting(used)
        // The app's past: only the names nothing present uses are looked for.
        if !absent.contains(Self.bundle) {
            unused.subtract(try BundleHistory.identifiers(in: Self.bundle, among: unused))
        }
        func report() {
            for name in unused.subtracting(Self.exemptions.keys).sorted() {
                let places = (surface.names[name] ?? []).map { "\($0.kind) at \($0.place)" }.joined(separator: ", ")
                Issue.record(
                    """
                    GuestSDK declares `\(name)` (\(places)) and no guest, harness, test or source uses it: \
                    remove it, or exempt it with the reason the compiler or an Apple protocol needs it
                    """)
            }
        }
        if absent.isEmpty {
            report()
        } else {
            let missing = absent.map(\.lastPathComponent).joined(separator: " and ")
            withKnownIssue(
                "\(missing) absent from ../shared/guest: a name only it uses looks unused", isIntermittent: true
            ) {
                report()
            }
        }
    }

    /// The scan itself, with or without the guests: it finds the surface's
    /// kinds of names, none that is not public, and every exemption.
    @Test func theScanFindsGuestSDKsPublicNamesAndEveryExemption() throws {
        let surface = try SDKSurface.read(Self.repository)
        #expect(surface.names.count > 1000, "\(surface.names.count) names")
        let kinds = [
            "ModelContext": "class", "fetch": "func", "autosaveEnabled": "var", "ViewBuilder": "enum",
            "View": "protocol", "sizeThatFitsLayout": "let",
            // A case of a public enum, a requirement of a public protocol, an `open` member, an SPI one.
            "attributesTooLarge": "case", "readerSession": "func", "configuration": "func", "make": "func",
        ]
        for (name, kind) in kinds {
            #expect(surface.names[name]?.contains { $0.kind == kind } == true, "\(name): \(surface.names[name] ?? [])")
        }
        // Locals, parameters, private members and a switch's cases are not the surface.
        for name in ["matches", "filled", "keyOf", "mainContextLock", "descriptor"] {
            #expect(surface.names[name] == nil, "\(name): \(surface.names[name] ?? [])")
        }
        for name in Self.exemptions.keys.sorted() {
            #expect(surface.names[name] != nil, "the exemption `\(name)` names nothing GuestSDK declares")
        }
    }

    @Test func theLexerSkipsCommentsAndReadsStringsAndInterpolations() {
        let source = """
            // fetchIdentifiers
            /* a /* nested */ deleteAllData */ let a = "x // not \\(comment("y")) z" + #"raw \\(kept)"#
            let b = \"\"\"
                \\(multi) line
                \"\"\"
            `default`
            """
        let tokens = Lexer.tokens(of: source)
        let words = tokens.filter { $0.kind != .punctuation }.map(\.text)
        #expect(
            words == [
                "let", "a", "x", "not", "comment", "y", "z", "raw", "kept", "let", "b", "multi", "line", "default",
            ])
        #expect(tokens.last?.kind == .escapedIdentifier && tokens.last?.line == 6)
    }
}

/// The public names of Sources/GuestSDK, where each is declared, and which
/// tokens of each file are those declarations.
struct SDKSurface {
    struct Place: CustomStringConvertible {
        let kind: String
        let file: String
        let line: Int
        var place: String { "\(file):\(line)" }
        var description: String { "\(kind) at \(place)" }
    }

    var names: [String: [Place]] = [:]
    /// Per file path, the indices of the tokens that are declared names.
    var declarationTokens: [String: Set<Int>] = [:]
    /// Per file path, its tokens.
    var tokens: [String: [Token]] = [:]

    static func read(_ repository: URL) throws -> SDKSurface {
        var surface = SDKSurface()
        let root = repository.appendingPathComponent("Sources/GuestSDK")
        for file in SwiftFiles.under(root) {
            let tokens = Lexer.tokens(of: try String(contentsOf: file, encoding: .utf8))
            surface.tokens[file.path] = tokens
            let relative = String(file.path.dropFirst(repository.standardizedFileURL.path.count + 1))
            for declaration in Declarations.scan(tokens) {
                surface.names[declaration.name, default: []].append(
                    Place(kind: declaration.kind, file: relative, line: declaration.line))
                if let index = declaration.token { surface.declarationTokens[file.path, default: []].insert(index) }
            }
        }
        return surface
    }
}

enum SwiftFiles {
    /// Every `.swift` file under `directory`, outside build and git folders.
    static func under(_ directory: URL) -> [URL] {
        guard
            let walk = FileManager.default.enumerator(
                at: directory.standardizedFileURL, includingPropertiesForKeys: [.isRegularFileKey])
        else { return [] }
        var files: [URL] = []
        for case let url as URL in walk {
            if [".build", ".git", ".swiftpm"].contains(url.lastPathComponent) {
                walk.skipDescendants()
            } else if url.pathExtension == "swift" {
                files.append(url.standardizedFileURL)
            }
        }
        return files.sorted { $0.path < $1.path }
    }
}

/// A token of Swift source: an identifier (with backticks, escaped), an
/// identifier inside a string literal or its interpolations, or one byte
/// of punctuation. Comments, numbers and white space make none.
struct Token: Equatable {
    enum Kind { case identifier, escapedIdentifier, inLiteral, punctuation }
    let kind: Kind
    let text: String
    let line: Int
}

struct Lexer {
    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var tokens: [Token] = []

    static func tokens(of source: String) -> [Token] {
        var lexer = Lexer(bytes: Array(source.utf8))
        lexer.code(inLiteral: false, closingParenthesis: false)
        return lexer.tokens
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func byte(_ offset: Int = 0) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    private static func isIdentifierHead(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private static func isIdentifierBody(_ byte: UInt8) -> Bool { isIdentifierHead(byte) || isDigit(byte) }

    /// An identifier or a number at `index`: the identifier is kept.
    private mutating func word(_ kind: Token.Kind) {
        let start = index
        while let next = byte(), Self.isIdentifierBody(next) { index += 1 }
        if !Self.isDigit(bytes[start]) {
            tokens.append(Token(kind: kind, text: String(decoding: bytes[start..<index], as: UTF8.self), line: line))
        }
    }

    /// Code up to the end, or in an interpolation up to its closing `)`.
    private mutating func code(inLiteral: Bool, closingParenthesis: Bool) {
        var depth = 0
        while let current = byte() {
            switch current {
            case UInt8(ascii: "\n"):
                line += 1
                index += 1
            case UInt8(ascii: "/") where byte(1) == UInt8(ascii: "/"):
                while let next = byte(), next != UInt8(ascii: "\n") { index += 1 }
            case UInt8(ascii: "/") where byte(1) == UInt8(ascii: "*"):
                blockComment()
            case UInt8(ascii: "\""):
                string(hashes: 0)
            case UInt8(ascii: "#") where rawStringHashes() != nil:
                let hashes = rawStringHashes() ?? 0
                index += hashes
                string(hashes: hashes)
            case UInt8(ascii: "`"):
                index += 1
                let start = index
                while let next = byte(), next != UInt8(ascii: "`"), next != UInt8(ascii: "\n") { index += 1 }
                tokens.append(
                    Token(
                        kind: inLiteral ? .inLiteral : .escapedIdentifier,
                        text: String(decoding: bytes[start..<index], as: UTF8.self), line: line))
                index += 1
            case let head where Self.isIdentifierBody(head):
                word(inLiteral ? .inLiteral : .identifier)
            default:
                if closingParenthesis {
                    if current == UInt8(ascii: "(") { depth += 1 }
                    if current == UInt8(ascii: ")") {
                        if depth == 0 {
                            index += 1
                            return
                        }
                        depth -= 1
                    }
                }
                if current != UInt8(ascii: " ") && current != UInt8(ascii: "\t") && current != UInt8(ascii: "\r") {
                    tokens.append(
                        Token(kind: .punctuation, text: String(decoding: [current], as: UTF8.self), line: line))
                }
                index += 1
            }
        }
    }

    private mutating func blockComment() {
        var depth = 0
        while let current = byte() {
            if current == UInt8(ascii: "/") && byte(1) == UInt8(ascii: "*") {
                depth += 1
                index += 2
            } else if current == UInt8(ascii: "*") && byte(1) == UInt8(ascii: "/") {
                depth -= 1
                index += 2
                if depth == 0 { return }
            } else {
                if current == UInt8(ascii: "\n") { line += 1 }
                index += 1
            }
        }
    }

    /// The `#`s opening a raw string at `index`, or nil when they open none.
    private func rawStringHashes() -> Int? {
        var count = 0
        while byte(count) == UInt8(ascii: "#") { count += 1 }
        return byte(count) == UInt8(ascii: "\"") ? count : nil
    }

    private func matches(_ byteValue: UInt8, count: Int, at offset: Int) -> Bool {
        (0..<count).allSatisfy { byte(offset + $0) == byteValue }
    }

    /// A string literal from its opening quote (after any `#`s): its words
    /// and its interpolations' code are tokens in the literal.
    private mutating func string(hashes: Int) {
        let quote = UInt8(ascii: "\"")
        let multiline = matches(quote, count: 3, at: 0)
        index += multiline ? 3 : 1
        while let current = byte() {
            if current == UInt8(ascii: "\\") && matches(UInt8(ascii: "#"), count: hashes, at: 1) {
                index += 1 + hashes
                if byte() == UInt8(ascii: "(") {
                    index += 1
                    code(inLiteral: true, closingParenthesis: true)
                } else {
                    if byte() == UInt8(ascii: "\n") { line += 1 }
                    index += 1
                }
            } else if current == quote && (!multiline || matches(quote, count: 3, at: 0))
                && matches(UInt8(ascii: "#"), count: hashes, at: multiline ? 3 : 1)
            {
                index += (multiline ? 3 : 1) + hashes
                return
            } else if current == UInt8(ascii: "\n") {
                line += 1
                index += 1
                if !multiline { return }
            } else if Self.isIdentifierBody(current) {
                word(.inLiteral)
            } else {
                index += 1
            }
        }
    }
}

/// The public declarations of one file's tokens, as text finds them: the
/// braces say which type, enum, protocol or body each is in.
enum Declarations {
    struct Found {
        let name: String
        let kind: String
        let line: Int
        /// The index of the name's token (none for an operator).
        let token: Int?
    }

    private enum Scope {
        case type(isPublic: Bool)
        case enumeration(isPublic: Bool)
        case proto(isPublic: Bool)
        case body
    }

    static let keywords: Set<String> = [
        "class", "struct", "enum", "protocol", "actor", "extension", "typealias", "associatedtype", "func", "var",
        "let", "case", "init", "deinit", "subscript", "macro",
    ]
    static let modifiers: Set<String> = [
        "public", "open", "private", "fileprivate", "internal", "package", "static", "class", "final", "override",
        "mutating", "nonmutating", "convenience", "required", "lazy", "weak", "unowned", "nonisolated", "indirect",
        "dynamic", "optional", "consuming", "borrowing",
    ]

    static func scan(_ all: [Token]) -> [Found] {
        // Literals are not code: their braces and words declare nothing.
        let code = all.indices.filter { all[$0].kind != .inLiteral }
        func token(_ position: Int) -> Token? { position >= 0 && position < code.count ? all[code[position]] : nil }
        func isKeyword(_ position: Int, _ word: String) -> Bool {
            guard let token = token(position) else { return false }
            return token.kind == .identifier && token.text == word
        }
        func isPunctuation(_ position: Int, _ text: String) -> Bool {
            token(position)?.kind == .punctuation && token(position)?.text == text
        }
        var found: [Found] = []
        var scopes: [Scope] = []
        var pending: Scope?
        var position = 0
        while let current = token(position) {
            defer { position += 1 }
            if current.kind == .punctuation {
                if current.text == "{" {
                    scopes.append(pending ?? .body)
                    pending = nil
                } else if current.text == "}" {
                    _ = scopes.popLast()
                }
                continue
            }
            guard current.kind == .identifier, keywords.contains(current.text) else { continue }
            let keyword = current.text
            // `class func`, `class var`: a modifier, not a class.
            if keyword == "class", let next = token(position + 1), next.kind == .identifier,
                keywords.contains(next.text) || modifiers.contains(next.text)
            {
                continue
            }
            // The modifiers and attributes before the keyword.
            var modifiersFound: Set<String> = []
            var back = position - 1
            while let previous = token(back) {
                if previous.kind == .identifier && modifiers.contains(previous.text) {
                    modifiersFound.insert(previous.text)
                    back -= 1
                } else if isPunctuation(back, ")") {
                    // `private(set)`, `@available(...)`: skip the parentheses.
                    var depth = 0
                    while back >= 0 {
                        if isPunctuation(back, ")") { depth += 1 }
                        if isPunctuation(back, "(") { depth -= 1 }
                        back -= 1
                        if depth == 0 { break }
                    }
                } else if previous.kind == .identifier && isPunctuation(back - 1, "@") {
                    back -= 2
                } else {
                    break
                }
            }
            let parent = scopes.last
            let isPublic = modifiersFound.contains("public") || modifiersFound.contains("open")
            var isName = isPublic
            switch (keyword, parent) {
            case ("case", .enumeration(let publicEnum)): isName = publicEnum
            case ("case", _): continue
            case (_, .proto(let publicProtocol)): isName = isPublic || publicProtocol
            case ("var", .body), ("let", .body), ("func", .body): isName = false
            default: break
            }
            switch keyword {
            case "class", "struct", "actor", "extension":
                pending = .type(isPublic: isPublic || keyword == "extension")
            case "enum": pending = .enumeration(isPublic: isPublic)
            case "protocol": pending = .proto(isPublic: isPublic)
            default: pending = .body
            }
            guard isName, !["extension", "init", "deinit", "subscript"].contains(keyword) else { continue }
            guard let name = token(position + 1) else { continue }
            if name.kind == .punctuation {
                // An operator: its characters up to the parameters.
                var text = ""
                var next = position + 1
                while let part = token(next), part.kind == .punctuation, part.text != "(" {
                    text += part.text
                    next += 1
                }
                if keyword == "func" && !text.isEmpty {
                    found.append(Found(name: text, kind: keyword, line: name.line, token: nil))
                }
                continue
            }
            found.append(Found(name: name.text, kind: keyword, line: name.line, token: code[position + 1]))
            guard keyword == "case" else { continue }
            // `case a, b(Int), c = 3`: every case of the list.
            var next = position + 2
            while true {
                if isPunctuation(next, "(") {
                    var depth = 0
                    repeat {
                        if isPunctuation(next, "(") { depth += 1 }
                        if isPunctuation(next, ")") { depth -= 1 }
                        next += 1
                    } while depth > 0 && token(next) != nil
                }
                if isPunctuation(next, "=") {
                    next += 1
                    while let value = token(next), value.kind == .punctuation, value.text != ",", value.text != "}" {
                        next += 1
                    }
                }
                guard isPunctuation(next, ","), let another = token(next + 1), another.kind != .punctuation else {
                    break
                }
                found.append(Found(name: another.text, kind: keyword, line: another.line, token: code[next + 1]))
                next += 2
            }
        }
        return found
    }
}

/// The identifiers of OpenAppLock.bundle's first-parent line, the commits
/// `oal-device guest history` builds, read once with git.
enum BundleHistory {
    struct GitFailure: Error, CustomStringConvertible {
        let description: String
    }

    /// Which of `names` some commit's Swift source names outside comments.
    static func identifiers(in bundle: URL, among names: Set<String>) throws -> Set<String> {
        let searched = names.filter { $0.first.map { $0 == "_" || $0.isLetter } == true }
        guard !searched.isEmpty else { return [] }
        let scratch = try TemporaryDirectory.make(prefix: "oal-surface-history")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let mirror = scratch.appendingPathComponent("history.git")
        _ = try git(["clone", "--quiet", "--mirror", bundle.path, mirror.path], scratch: scratch)
        let commits = try git(["-C", mirror.path, "rev-list", "--first-parent", "HEAD"], scratch: scratch)
            .split(separator: "\n").map(String.init)
        guard !commits.isEmpty else { throw GitFailure(description: "\(bundle.path): no commits") }
        // The files that name one of them as a word, then their text, once per blob.
        let patterns = searched.sorted().flatMap { ["-e", $0] }
        let hits = try git(
            ["-C", mirror.path, "grep", "-l", "-w", "-F"] + patterns + commits + ["--", "*.swift"], scratch: scratch,
            allowing: [1]
        ).split(separator: "\n").map(String.init)
        guard !hits.isEmpty else { return [] }
        let blobs = Set(
            try git(["-C", mirror.path, "rev-parse"] + hits, scratch: scratch).split(separator: "\n").map(String.init))
        let batch = try gitData(
            ["-C", mirror.path, "cat-file", "--batch"], input: blobs.sorted().joined(separator: "\n") + "\n",
            scratch: scratch)
        var used = Set<String>()
        var offset = batch.startIndex
        while let newline = batch[offset...].firstIndex(of: UInt8(ascii: "\n")) {
            let header = String(decoding: batch[offset..<newline], as: UTF8.self).split(separator: " ")
            guard header.count == 3, let size = Int(header[2]) else {
                throw GitFailure(description: "git cat-file: \(header.joined(separator: " "))")
            }
            let text = String(decoding: batch[(newline + 1)..<(newline + 1 + size)], as: UTF8.self)
            for token in Lexer.tokens(of: text) where token.kind != .punctuation && searched.contains(token.text) {
                used.insert(token.text)
            }
            offset = newline + 1 + size + 1
        }
        return used
    }

    private static func git(_ arguments: [String], scratch: URL, allowing: Set<Int32> = []) throws -> String {
        String(decoding: try gitData(arguments, input: nil, scratch: scratch, allowing: allowing), as: UTF8.self)
    }

    /// Runs git with `input` on its standard input, through files, as
    /// `ProcessRun` does, so no pipe can fill.
    private static func gitData(
        _ arguments: [String], input: String?, scratch: URL, allowing: Set<Int32> = []
    ) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        let inputURL = scratch.appendingPathComponent("stdin")
        let outputURL = scratch.appendingPathComponent("stdout")
        let errorURL = scratch.appendingPathComponent("stderr")
        try Data((input ?? "").utf8).write(to: inputURL)
        _ = FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorURL.path, contents: nil)
        let inputHandle = try FileHandle(forReadingFrom: inputURL)
        let outputHandle = try FileHandle(forWritingTo: outputURL)
        let errorHandle = try FileHandle(forWritingTo: errorURL)
        process.standardInput = inputHandle
        process.standardOutput = outputHandle
        process.standardError = errorHandle
        try process.run()
        process.waitUntilExit()
        try inputHandle.close()
        try outputHandle.close()
        try errorHandle.close()
        guard process.terminationStatus == 0 || allowing.contains(process.terminationStatus) else {
            let error = (try? String(contentsOf: errorURL, encoding: .utf8)) ?? ""
            throw GitFailure(
                description:
                    "git \(arguments.prefix(4).joined(separator: " ")): exit \(process.terminationStatus): \(error)")
        }
        return try Data(contentsOf: outputURL)
    }
}
