import Foundation

/// Which guest files a process compiles after a failed compile, when the
/// failure comes only from what the emulator cannot build.
///
/// After each failed compile, a file with errors is left out when:
/// - it imports a stand-in that declares only part of its framework
///   (`SwiftImports.partialStandIns`: SwiftUI, WidgetKit, ...): its first
///   error says what it used; or
/// - every error it has names a declaration of a file already left out
///   (`cannot find 'RulePreset' in scope`, RulePreset being in a SwiftUI file).
/// Any other error is a real gap in the stand-ins, or in the guest, and
/// fails the build with the compiler's words. Nothing is left out silently:
/// every file is listed with its reason in the build's `excluded.txt`.
///
/// The file declaring an extension's principal class is never left out:
/// without it the extension is not built at all, so its errors (a SwiftUI
/// API a shield configuration calls, say) fail the build and name what is
/// missing, rather than a generated main that cannot find the class.
struct CascadeExclusion {
    private(set) var compiled: [String]
    private(set) var cascaded: [Exclusion] = []
    private var excludedDeclarations: [String: String] = [:]
    private let texts: [String: String]
    /// Files that must compile: those declaring the principal class.
    private let required: Set<String>
    /// A report extension compiles its views on purpose (its scene's
    /// content): an error there is the build's, not a view to leave out.
    private let viewsAreCompiled: Bool
    /// The errors that left each cascaded file out.
    private var leftOutErrors: [String: [SwiftCompiler.Diagnostic]] = [:]

    init(app: GuestApp, process: GuestProcess, texts: [(path: String, text: String)]) {
        compiled = process.sources
        self.texts = Dictionary(texts, uniquingKeysWith: { first, _ in first })
        required = Set(
            texts.filter { file in
                process.principalClass.map { SwiftSourceScanner(file.text).declaresType($0) } ?? false
            }.map(\.path))
        viewsAreCompiled = process.kind == .report
        for exclusion in process.excluded {
            guard
                let text = try? String(contentsOf: app.checkout.appendingPathComponent(exclusion.file), encoding: .utf8)
            else { continue }
            for name in Self.declarations(in: text) { excludedDeclarations[name] = exclusion.file }
        }
    }

    /// Leaves out what the outcome's errors allow; false when nothing can
    /// be (the build fails).
    mutating func exclude(after outcome: SwiftCompiler.Outcome, checkout: URL) throws(GuestBuildError) -> Bool {
        guard outcome.otherErrors.isEmpty || !outcome.errors.isEmpty else { return false }
        var byFile: [String: [SwiftCompiler.Diagnostic]] = [:]
        for error in outcome.errors {
            guard error.file.hasPrefix(checkout.path + "/") else {
                // An error in a generated file (the harness, a schema): not the guest's to leave out.
                // One in a macro's expansion (`@Model`'s) repeats an error of the file using the macro.
                if !error.file.contains("/generated/") && !error.file.hasPrefix("macro expansion") { return false }
                continue
            }
            byFile[String(error.file.dropFirst(checkout.path.count + 1)), default: []].append(error)
        }
        var leftOut: [Exclusion] = []
        for (file, errors) in byFile.sorted(by: { $0.key < $1.key }) {
            guard compiled.contains(file) else { continue }
            // The extension itself: its errors are the build's answer.
            if required.contains(file) { return false }
            let text = texts[file] ?? ""
            leftOutErrors[file] = errors
            let partial = SwiftImports.partialImports(in: text)
            if !partial.isEmpty, !viewsAreCompiled {
                let modules = partial.joined(separator: ", ")
                let standIn = partial.count == 1 ? "the stand-in" : "the stand-ins"
                leftOut.append(Exclusion(file: file, reason: "uses \(modules) beyond \(standIn): \(errors[0].message)"))
                continue
            }
            let missing = errors.map { Self.missingName($0.message) }
            if missing.allSatisfy({ $0.map { excludedDeclarations[$0] != nil } ?? false }),
                let name = missing.first ?? nil, let source = excludedDeclarations[name]
            {
                leftOut.append(Exclusion(file: file, reason: "uses \(name), declared in the left-out \(source)"))
            }
        }
        // Other files' errors may be consequences of these: the next
        // compile tells, and fails the build if they remain.
        guard !leftOut.isEmpty else { return false }
        for exclusion in leftOut {
            compiled.removeAll { $0 == exclusion.file }
            cascaded.append(exclusion)
            for name in Self.declarations(in: texts[exclusion.file] ?? "") {
                excludedDeclarations[name] = exclusion.file
            }
        }
        return true
    }

    /// The errors of the left-out files that `errors` name a declaration
    /// of (`cannot find 'ThemeManager'`): what a failed build is really
    /// missing, which the last compile no longer shows.
    func causes(of errors: [SwiftCompiler.Diagnostic]) -> [SwiftCompiler.Diagnostic] {
        var files: [String] = []
        for error in errors {
            guard let name = Self.missingName(error.message), let file = excludedDeclarations[name],
                cascaded.contains(where: { $0.file == file }), !files.contains(file)
            else { continue }
            files.append(file)
        }
        return files.flatMap { leftOutErrors[$0] ?? [] }
    }

    /// `cannot find 'X' in scope`, `cannot find type 'X' in scope`.
    static func missingName(_ message: String) -> String? {
        guard message.hasPrefix("cannot find "), let open = message.firstIndex(of: "'") else { return nil }
        let rest = message[message.index(after: open)...]
        guard let close = rest.firstIndex(of: "'") else { return nil }
        return String(rest[..<close])
    }

    /// The names a file declares at its top level or in its types.
    static func declarations(in text: String) -> [String] {
        let scanner = SwiftSourceScanner(text)
        var names: [String] = []
        for keyword in ["class", "struct", "enum", "protocol", "actor", "typealias", "func", "var", "let", "case"] {
            for position in scanner.occurrences(of: keyword) {
                if let (name, _) = scanner.identifier(after: position + keyword.utf8.count) { names.append(name) }
            }
        }
        return names
    }
}
