import Foundation

/// The XCTest cases of a guest's test files, found from their source, and
/// the Swift that runs them.
///
/// XCTest on Linux has no Objective-C runtime to enumerate a class's
/// `test…` methods: SwiftPM generates a list of them from the index
/// store. A guest's test files are compiled by `swiftc` directly, so the
/// list is read from the source instead, by the rules XCTest applies on
/// Apple platforms: an instance method of an `XCTestCase` subclass whose
/// name begins with `test`, that takes no arguments (`async` and `throws`
/// allowed).
struct XCTestManifest: Hashable, Sendable {
    struct Method: Hashable, Sendable {
        var name: String
        var line: Int
        var isAsync: Bool
        var isThrowing: Bool
    }

    struct TestClass: Hashable, Sendable {
        var name: String
        /// Checkout-relative path of its file.
        var file: String
        var methods: [Method]
    }

    var classes: [TestClass]

    var isEmpty: Bool { classes.allSatisfy(\.methods.isEmpty) }
    var count: Int { classes.map(\.methods.count).reduce(0, +) }

    /// The test classes of `files`: subclasses of `XCTestCase`, or of a
    /// class of these files that is one.
    static func scan(_ files: [(path: String, text: String)]) -> XCTestManifest {
        var candidates: [(name: String, superclass: String, file: String, methods: [Method])] = []
        for (path, text) in files {
            let scanner = SwiftSourceScanner(text)
            for position in scanner.occurrences(of: "class") {
                guard let (name, end) = scanner.identifier(after: position + "class".utf8.count),
                    name != "func", name != "var", name != "let",
                    let colon = next(in: scanner, from: end), scanner.code[colon] == UInt8(ascii: ":"),
                    let (superclass, _) = scanner.identifier(after: colon + 1),
                    let open = scanner.code[colon...].firstIndex(of: UInt8(ascii: "{")),
                    let close = scanner.matching(open)
                else { continue }
                candidates.append((name, superclass, path, methods(in: scanner, body: open..<close)))
            }
        }
        var testCases: Set<String> = ["XCTestCase"]
        var grew = true
        while grew {
            grew = false
            for candidate in candidates where testCases.contains(candidate.superclass) {
                if testCases.insert(candidate.name).inserted { grew = true }
            }
        }
        let classes = candidates.filter { testCases.contains($0.superclass) }.map {
            TestClass(name: $0.name, file: $0.file, methods: $0.methods)
        }
        return XCTestManifest(classes: classes.sorted { ($0.file, $0.name) < ($1.file, $1.name) })
    }

    /// The first non-blank byte at or after `index`.
    static func next(in scanner: SwiftSourceScanner, from index: Int) -> Int? {
        var index = index
        while index < scanner.code.count, SwiftSourceScanner.isBlank(scanner.code[index]) { index += 1 }
        return index < scanner.code.count ? index : nil
    }

    /// `func test…()` directly in a class body (not in a nested type or a
    /// closure), neither static nor private.
    static func methods(in scanner: SwiftSourceScanner, body: Range<Int>) -> [Method] {
        var methods: [Method] = []
        for position in scanner.occurrences(of: "func", in: body) {
            guard depth(of: position, in: scanner, body: body) == 1,
                let (name, end) = scanner.identifier(after: position + "func".utf8.count), name.hasPrefix("test"),
                let open = next(in: scanner, from: end), scanner.code[open] == UInt8(ascii: "("),
                let close = next(in: scanner, from: open + 1), scanner.code[close] == UInt8(ascii: ")"),
                let brace = scanner.code[close...].firstIndex(of: UInt8(ascii: "{"))
            else { continue }
            // The modifiers: back to the line's start or the brace before the declaration.
            let start =
                scanner.code[..<position].lastIndex(where: {
                    $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}")
                        || $0 == UInt8(ascii: ";")
                }).map { $0 + 1 } ?? 0
            let modifiers = scanner.codeText(start..<position)
            let words = Set(modifiers.split(whereSeparator: { !$0.isLetter }).map(String.init))
            guard words.isDisjoint(with: ["static", "class", "private", "fileprivate"]) else { continue }
            let effects = Set(
                scanner.codeText(close + 1..<brace).split(whereSeparator: { !$0.isLetter }).map(String.init))
            guard !effects.contains("some"), scanner.codeText(close + 1..<brace).contains("->") == false else {
                continue
            }
            let line = scanner.code[..<position].filter { $0 == UInt8(ascii: "\n") }.count + 1
            methods.append(
                Method(
                    name: name, line: line, isAsync: effects.contains("async"),
                    isThrowing: effects.contains("throws") || effects.contains("rethrows")))
        }
        return methods
    }

    /// How many brackets enclose `position` within `body` (1: the class's own braces).
    static func depth(of position: Int, in scanner: SwiftSourceScanner, body: Range<Int>) -> Int {
        var depth = 0
        for index in body.lowerBound..<position {
            switch scanner.code[index] {
            case UInt8(ascii: "{"), UInt8(ascii: "("), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: ")"), UInt8(ascii: "]"): depth -= 1
            default: break
            }
        }
        return depth
    }

    /// One test's identifier in the runner's arguments and events.
    static func identifier(_ testClass: TestClass, _ method: Method) -> String {
        "\(testClass.name)/\(method.name)"
    }

    /// Swift that lists every case for `XCTMain` and reports each test to
    /// the runner's event file in the shape of Swift Testing's event stream
    /// (schema 0), which `TestEventStream` reads for both libraries.
    ///
    /// A method is called on the main actor, where XCTest's main thread
    /// runs it: test classes are often `@MainActor`, and a method reference
    /// to one cannot be taken out of its isolation.
    func source() -> String {
        var entries: [String] = []
        for testClass in classes where !testClass.methods.isEmpty {
            var rows: [String] = []
            for method in testClass.methods {
                let id = Self.identifier(testClass, method)
                let call = "\(method.isThrowing ? "try " : "")\(method.isAsync ? "await " : "")test.\(method.name)()"
                let body =
                    method.isAsync
                    ? "asyncTest { (test: \(testClass.name)) in { @MainActor in \(call) } }"
                    : "{ (test: \(testClass.name)) in { \(method.isThrowing ? "try " : "")MainActor.assumeIsolated { \(call) } } }"
                rows.append(
                    "            (\(Self.literal(method.name)), \(Self.literal(id)), \(Self.literal(testClass.file)), "
                        + "\(method.line), \(body)),")
            }
            entries.append(
                """
                    OALXCTestCases.selected(\(testClass.name).self, [
                \(rows.joined(separator: "\n"))
                    ])
                """)
        }
        return """
            // Generated by `oal-device guest test`: the XCTest cases of the app's test files.
            import Foundation
            import XCTest

            @MainActor enum OALXCTestCases {
                /// Every case, less the tests `skip` names and, when `only` is not empty, those it does not.
                static func entries(skip: Set<String>, only: [String]) -> [XCTestCaseEntry] {
                    self.skip = skip
                    self.only = only
                    return [
                \(entries.joined(separator: ",\n"))
                    ].compactMap { $0 }
                }

                static var skip: Set<String> = []
                static var only: [String] = []
                static var declared: [(id: String, name: String, file: String, line: Int)] = []

                static func selected<T: XCTestCase>(
                    _ type: T.Type, _ tests: [(String, String, String, Int, (T) -> () throws -> Void)]
                ) -> XCTestCaseEntry? {
                    let kept = tests.filter { test in
                        // `--filter` is a regular expression, as Swift Testing takes it.
                        !skip.contains(test.1)
                            && (only.isEmpty
                                || only.contains { pattern in
                                    (try? Regex(pattern)).map { test.1.contains($0) } ?? test.1.contains(pattern)
                                })
                    }
                    for test in kept { declared.append((test.1, test.0, test.2, test.3)) }
                    return kept.isEmpty ? nil : testCase(kept.map { ($0.0, $0.4) })
                }

                static var count: Int { declared.count }
            }

            /// Writes each test's start, issues and end as Swift Testing's event stream does.
            final class OALXCTestEvents: NSObject, XCTestObservation {
                let handle: FileHandle?

                init(path: String, declared: [(id: String, name: String, file: String, line: Int)]) {
                    if !FileManager.default.fileExists(atPath: path) {
                        FileManager.default.createFile(atPath: path, contents: nil)
                    }
                    handle = FileHandle(forWritingAtPath: path)
                    handle?.seekToEndOfFile()
                    super.init()
                    for test in declared {
                        write([
                            "kind": "test",
                            "payload": [
                                "kind": "function", "id": test.id, "name": test.name, "displayName": test.name,
                                "sourceLocation": ["_filePath": test.file, "line": test.line],
                            ],
                        ])
                    }
                }

                func write(_ record: [String: Any]) {
                    var object = record
                    object["version"] = 0
                    guard let data = try? JSONSerialization.data(withJSONObject: object) else { return }
                    handle?.write(data + Data("\\n".utf8))
                }

                func identifier(_ testCase: XCTestCase) -> String {
                    // XCTest names a case `Class.method` on Linux.
                    let name = testCase.name
                    guard let dot = name.lastIndex(of: ".") else { return name }
                    return String(name[..<dot]) + "/" + String(name[name.index(after: dot)...])
                }

                func event(_ kind: String, _ testCase: XCTestCase, _ extra: [String: Any] = [:]) {
                    var payload: [String: Any] = ["kind": kind, "testID": identifier(testCase)]
                    for (key, value) in extra { payload[key] = value }
                    write(["kind": "event", "payload": payload])
                }

                func testCaseWillStart(_ testCase: XCTestCase) { event("testStarted", testCase) }

                func testCase(
                    _ testCase: XCTestCase, didFailWithDescription description: String, inFile filePath: String?,
                    atLine lineNumber: Int
                ) {
                    event(
                        "issueRecorded", testCase,
                        [
                            "issue": ["isKnown": false, "sourceLocation": ["line": lineNumber]],
                            "messages": [["text": description]],
                        ])
                }

                func testCaseDidFinish(_ testCase: XCTestCase) {
                    if testCase.testRun?.hasBeenSkipped == true { event("testSkipped", testCase) }
                    event("testEnded", testCase)
                }
            }

            """
    }

    static func literal(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
