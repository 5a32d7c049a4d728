import Foundation
import OALTestSupport
import Testing

@testable import OALGuestBuild

/// Xcode's `#Preview`, which the guest build declares in a guest module
/// that uses it and `oal-guest-macros` expands (docs/GUEST.md, "SwiftUI").
/// The compiler type-checks a macro's arguments before expanding it, so a
/// preview whose body is not a view is an error here, as in Xcode.
@Suite("#Preview")
struct PreviewMacroTests {
    func typecheck(_ source: String) throws -> ProcessRun {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("oal-preview-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let macro = folder.appendingPathComponent(PreviewMacroFile.name)
        let file = folder.appendingPathComponent("Screen.swift")
        try PreviewMacroFile.contents(for: [("Screen.swift", source)]).write(
            to: macro, atomically: true, encoding: .utf8)
        try source.write(to: file, atomically: true, encoding: .utf8)
        let sdk = BuiltProducts.directory
        let plugin = try BuiltProducts.executable("oal-guest-macros")
        return try ProcessRun.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "swiftc", "-typecheck", "-parse-as-library", "-swift-version", "5", "-I",
                sdk.appendingPathComponent("Modules").path, "-load-plugin-executable",
                plugin.path + "#OALGuestMacros", macro.path, file.path,
            ])
    }

    @Test func aPreviewOfAViewExpandsToNothing() throws {
        let run = try typecheck(
            """
            import SwiftUI
            struct Screen: View { var body: some View { Text("hi") } }
            #Preview { Screen() }
            #Preview("Named", traits: .sizeThatFitsLayout) { VStack { Screen(); Text("x") } }
            """)
        #expect(run.status == 0, "\(run.stderr)")
    }

    @Test func aPreviewWhoseBodyIsNotAViewIsAnError() throws {
        let run = try typecheck(
            """
            import SwiftUI
            #Preview { 42 }
            """)
        #expect(run.status != 0)
        #expect(run.stderr.contains("requires that 'Int' conform to 'View'"), "\(run.stderr)")
    }

    @Test func onlyAModuleThatUsesPreviewDeclaresIt() {
        #expect(PreviewMacroFile.isNeeded(by: [("a.swift", "#Preview { Text(\"a\") }")]))
        #expect(!PreviewMacroFile.isNeeded(by: [("a.swift", "struct A {}")]))
    }
}
