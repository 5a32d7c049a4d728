import Foundation

/// The modules a Swift file imports, and whether this emulator can build
/// it: each must be one of the stand-ins (Sources/GuestSDK) or a module
/// the Linux toolchain ships. An import inside `#if canImport(M)` whose
/// `M` is not here is skipped, as the compiler skips it.
public enum SwiftImports {
    /// The stand-ins this package provides, by Apple's module names.
    public static let standIns: Set<String> = [
        "DeviceActivity", "ManagedSettings", "ManagedSettingsUI", "FamilyControls", "UserNotifications", "os",
        "OSLog", "CryptoKit", "UIKit", "SwiftData", "SwiftUI", "Combine", "WidgetKit", "BackgroundTasks", "ActivityKit",
        "CoreNFC", "AVFoundation", "CodeScanner", "AppIntents",
    ]
    /// The stand-ins that declare part of their framework (SwiftUI's views
    /// are never drawn, a Live Activity is never shown): a file importing
    /// one that does not compile is left out rather than failing the
    /// build, since what it used may simply be beyond the part declared.
    public static let partialStandIns: Set<String> = [
        "SwiftUI", "WidgetKit", "ActivityKit", "CoreNFC", "BackgroundTasks", "AVFoundation", "CodeScanner",
        "AppIntents",
    ]

    /// The partial stand-ins `source` imports, in order.
    public static func partialImports(in source: String) -> [String] {
        modules(in: source).filter { partialStandIns.contains($0) }
    }

    /// The toolchain's own modules a guest may use.
    public static let toolchain: Set<String> = [
        "Foundation", "FoundationEssentials", "FoundationInternationalization", "Dispatch", "Observation",
        "Synchronization", "Swift", "_Concurrency", "Glibc",
    ]
    /// Whether a file that imports SwiftUI is a view (or an app, a scene,
    /// a preview): those are left out up front. The SwiftUI stand-in only
    /// has the value types logic files use (`Color`, `Text`, size classes).
    public static func isSwiftUIView(_ source: String) -> Bool {
        let code = String(decoding: SwiftSourceScanner(source).code, as: UTF8.self)
        let markers = [
            ": View", ", View", "some View", ": App", "some Scene", "ViewModifier", "#Preview", "PreviewProvider",
            "@State", "@Environment", "@Binding", "@Query", "var body:", "@main",
        ]
        return markers.contains { contains(code, word: $0) }
    }

    /// Whether `marker` occurs in `code` not followed by more of an
    /// identifier: `: App` is an app's conformance, `: Application` (a
    /// shield configuration's parameter) is not.
    static func contains(_ code: String, word marker: String) -> Bool {
        var rest = code[...]
        while let range = rest.range(of: marker) {
            let next = rest[range.upperBound...].first
            let endsInName = marker.last.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false
            if !endsInName || next.map({ !($0.isLetter || $0.isNumber || $0 == "_") }) ?? true { return true }
            rest = rest[range.upperBound...]
        }
        return false
    }

    /// What a test file may also import.
    public static let testing: Set<String> = ["Testing", "XCTest"]

    /// The modules `source` imports unconditionally, in order.
    public static func modules(in source: String) -> [String] {
        var modules: [String] = []
        // Each open `#if`: whether its current branch is compiled here, and
        // for a `canImport` condition, whether that condition holds.
        var branches: [(active: Bool, condition: Bool?)] = []
        for rawLine in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("#if ") {
                let condition = canImportCondition(String(line.dropFirst(4)))
                branches.append((condition ?? true, condition))
            } else if line.hasPrefix("#elseif") || line.hasPrefix("#else") {
                if let last = branches.last, let condition = last.condition {
                    branches[branches.count - 1].active = !condition
                }
            } else if line.hasPrefix("#endif") {
                _ = branches.popLast()
            } else if branches.allSatisfy(\.active), let module = importedModule(line) {
                modules.append(module)
            }
        }
        return modules
    }

    /// The first module `source` imports that cannot be built here.
    public static func unsupportedImport(in source: String, testing: Bool = false, also: Set<String> = []) -> String? {
        modules(in: source).first { !isAvailable($0, testing: testing) && !also.contains($0) }
    }

    static func isAvailable(_ module: String, testing: Bool) -> Bool {
        standIns.contains(module) || toolchain.contains(module) || (testing && Self.testing.contains(module))
    }

    /// `import X`, `@testable import X`, `import struct X.Y`, `public import X`.
    static func importedModule(_ line: String) -> String? {
        var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        while let first = words.first,
            first.hasPrefix("@") || ["public", "internal", "package", "private", "fileprivate"].contains(first)
        {
            words.removeFirst()
        }
        guard words.first == "import", words.count >= 2 else { return nil }
        var name = words[1]
        if ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"].contains(name), words.count >= 3 {
            name = words[2]
        }
        let module = name.split(separator: ".").first.map(String.init) ?? name
        guard let firstCharacter = module.first, firstCharacter.isLetter || firstCharacter == "_" else { return nil }
        return module
    }

    /// Whether `canImport(M)` (or `!canImport(M)`) holds here; nil for
    /// any other condition, whose branches all count.
    static func canImportCondition(_ condition: String) -> Bool? {
        let trimmed = condition.trimmingCharacters(in: .whitespaces)
        guard let range = trimmed.range(of: "canImport("), !trimmed.contains("||"), !trimmed.contains("&&")
        else { return nil }
        let rest = trimmed[range.upperBound...]
        guard let close = rest.firstIndex(of: ")"),
            let module = rest[..<close].trimmingCharacters(in: .whitespaces).split(separator: ".").first
        else { return nil }
        let available = isAvailable(String(module), testing: true)
        return trimmed.hasPrefix("!") ? !available : available
    }
}
