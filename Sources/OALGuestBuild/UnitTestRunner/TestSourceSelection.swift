import Foundation

/// The app files a guest's unit tests need, when no app process was built
/// to test against (an app with no harness adapter, such as Foqos).
///
/// Apple compiles the whole app target and links the tests to it. Here an
/// app's screens are mostly SwiftUI views and frameworks with no stand-in,
/// and a file that cannot compile takes every file that names it along,
/// so the module is only what the tests reach: starting from the names the
/// test files use, every app file declaring one of them, then the names
/// those files use, until nothing is added. A type's extensions come with
/// it, and an extension of a type the app does not declare (`extension
/// Date`) comes with any use of a member it adds. What a file reaches that
/// cannot be built is then left out by `CascadeExclusion`, as in a
/// process's build, and a test file that needs it is reported with why.
enum TestSourceSelection {
    /// The files of `candidates` the `tests` reach, in `candidates`' order.
    static func closure(
        tests: [(path: String, text: String)], candidates: [(path: String, text: String)]
    ) -> [String] {
        var declaring: [String: Set<String>] = [:]
        var extending: [String: Set<String>] = [:]
        var addedMembers: [String: Set<String>] = [:]
        var words: [String: Set<String>] = [:]
        for (path, text) in candidates {
            let scanner = SwiftSourceScanner(text)
            for name in typeDeclarations(scanner) + topLevelDeclarations(scanner) {
                declaring[name, default: []].insert(path)
            }
            for (type, members) in extensions(scanner) {
                extending[type, default: []].insert(path)
                for member in members { addedMembers[member, default: []].insert(path) }
            }
            words[path] = identifiers(text)
        }
        var selected: Set<String> = []
        var seen: Set<String> = []
        var pending: [Set<String>] = tests.map { identifiers($0.text) }
        while let names = pending.popLast() {
            for name in names where seen.insert(name).inserted {
                var files = declaring[name] ?? []
                if declaring[name] != nil { files.formUnion(extending[name] ?? []) }
                for file in addedMembers[name] ?? [] where !extendsAppType(file, declaring, candidates) {
                    files.insert(file)
                }
                for file in files where selected.insert(file).inserted {
                    pending.append(words[file] ?? [])
                }
            }
        }
        return candidates.map(\.path).filter { selected.contains($0) }
    }

    /// Whether every extension in `file` is of a type the app declares
    /// (then it comes with that type, not with a member's name).
    static func extendsAppType(
        _ file: String, _ declaring: [String: Set<String>], _ candidates: [(path: String, text: String)]
    ) -> Bool {
        guard let text = candidates.first(where: { $0.path == file })?.text else { return false }
        return extensions(SwiftSourceScanner(text)).allSatisfy { declaring[$0.type] != nil }
    }

    /// Every identifier in `text`, string interpolations and comments
    /// included: a name too many only compiles a file too many.
    static func identifiers(_ text: String) -> Set<String> {
        var names: Set<String> = []
        var current: [UInt8] = []
        for byte in Array(text.utf8) + [0] {
            if SwiftSourceScanner.isIdentifier(byte) {
                current.append(byte)
            } else if !current.isEmpty {
                if !(current[0] >= 0x30 && current[0] <= 0x39) {
                    names.insert(String(decoding: current, as: UTF8.self))
                }
                current.removeAll(keepingCapacity: true)
            }
        }
        return names
    }

    /// Types declared anywhere in the file (nested ones too).
    static func typeDeclarations(_ scanner: SwiftSourceScanner) -> [String] {
        var names: [String] = []
        for keyword in ["class", "struct", "enum", "protocol", "actor", "typealias"] {
            for position in scanner.occurrences(of: keyword) where !isFilePrivate(scanner, position) {
                guard let (name, _) = scanner.identifier(after: position + keyword.utf8.count),
                    !["func", "var", "let", "case"].contains(name)
                else { continue }
                names.append(name)
            }
        }
        return names
    }

    /// Functions, variables and constants at the top level of the file.
    static func topLevelDeclarations(_ scanner: SwiftSourceScanner) -> [String] {
        let depths = depths(scanner)
        var names: [String] = []
        for keyword in ["func", "var", "let"] {
            for position in scanner.occurrences(of: keyword)
            where depths[position] == 0 && !isFilePrivate(scanner, position) {
                if let (name, _) = scanner.identifier(after: position + keyword.utf8.count) { names.append(name) }
            }
        }
        return names
    }

    /// Whether the declaration at `position` is `private` or `fileprivate`
    /// (a modifier earlier on its line): no other file can name it, so it
    /// never brings its file into a selection (Foqos's app file declares
    /// `@MainActor private let container`, a word its tests use too).
    static func isFilePrivate(_ scanner: SwiftSourceScanner, _ position: Int) -> Bool {
        var start = position
        while start > 0, scanner.code[start - 1] != UInt8(ascii: "\n"), scanner.code[start - 1] != UInt8(ascii: ";") {
            start -= 1
        }
        let line = Array(scanner.codeText(start..<position))
        var index = 0
        while index < line.count {
            guard line[index].isLetter else {
                index += 1
                continue
            }
            var end = index
            while end < line.count, line[end].isLetter { end += 1 }
            let word = String(line[index..<end])
            var next = end
            while next < line.count, line[next] == " " { next += 1 }
            // `private(set)` only narrows the setter: the name is still seen.
            if word == "private" || word == "fileprivate", next >= line.count || line[next] != "(" { return true }
            index = end
        }
        return false
    }

    /// Each top-level `extension T`, with the members it declares.
    static func extensions(_ scanner: SwiftSourceScanner) -> [(type: String, members: [String])] {
        let depths = depths(scanner)
        var found: [(String, [String])] = []
        for position in scanner.occurrences(of: "extension") where depths[position] == 0 {
            guard let (type, end) = scanner.identifier(after: position + "extension".utf8.count),
                let open = scanner.code[end...].firstIndex(of: UInt8(ascii: "{")), let close = scanner.matching(open)
            else { continue }
            var members: [String] = []
            for keyword in ["func", "var", "let", "case"] {
                for member in scanner.occurrences(of: keyword, in: open..<close) {
                    if let (name, _) = scanner.identifier(after: member + keyword.utf8.count) { members.append(name) }
                }
            }
            found.append((type, members))
        }
        return found
    }

    /// The brackets open at each position of the file.
    static func depths(_ scanner: SwiftSourceScanner) -> [Int] {
        var depths = [Int](repeating: 0, count: scanner.code.count + 1)
        var depth = 0
        for (index, byte) in scanner.code.enumerated() {
            depths[index] = depth
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "("), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: ")"), UInt8(ascii: "]"): depth -= 1
            default: break
            }
        }
        depths[scanner.code.count] = depth
        return depths
    }
}
