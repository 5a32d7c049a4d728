import Foundation
import OALTestSupport
import Testing

@testable import OALGuestBuild

/// A checkout read as processes: target membership from an Xcode project's
/// synchronized folders and their exception sets, or folder conventions.
@Suite("Reading a checkout as the device's processes")
struct GuestAppReaderTests {
    /// A small checkout: an app, Shared, three extensions, tests.
    static func checkout(withProject: Bool) throws -> URL {
        let root = try TemporaryDirectory.make(prefix: "guest-reader")
        func write(_ path: String, _ text: String) throws {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        func plist(_ point: String, _ principal: String) -> String {
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>NSExtension</key><dict>
            <key>NSExtensionPointIdentifier</key><string>\(point)</string>
            <key>NSExtensionPrincipalClass</key><string>$(PRODUCT_MODULE_NAME).\(principal)</string>
            </dict></dict></plist>
            """
        }
        try write(
            "Demo/DemoApp.swift",
            "import SwiftUI\n@main struct DemoApp: App { var body: some Scene { fatalError() } }\n")
        try write("Demo/Logic/Policy.swift", "import Foundation\nenum Policy {}\n")
        try write(
            "Demo/Views/HomeView.swift",
            "import SwiftUI\nstruct HomeView: View { var body: some View { Text(\"x\") } }\n")
        try write("Demo/Models/Preset.swift", "import SwiftUI\nstruct Preset { let color: Color }\n")
        try write("Demo/Services/Chart.swift", "import Charts\nenum Chart {}\n")
        try write(
            "Demo/Info.plist",
            """
            <plist version="1.0"><dict><key>CFBundleURLTypes</key><array><dict>
            <key>CFBundleURLSchemes</key><array><string>demo</string></array></dict></array></dict></plist>
            """)
        try write(
            "Demo/Demo.entitlements",
            """
            <plist version="1.0"><dict><key>com.apple.security.application-groups</key>
            <array><string>group.demo</string></array>
            <key>com.apple.developer.associated-domains</key>
            <array><string>applinks:Demo.app</string><string>applinks:beta.demo.app?mode=developer</string>
            <string>webcredentials:demo.app</string></array></dict></plist>
            """)
        try write("Shared/Store.swift", "import Foundation\nenum Store {}\n")
        try write("Shared/Copy.xcstrings", "{\"strings\":{}}")
        try write("Monitor/Monitor.swift", "import DeviceActivity\nclass Monitor: DeviceActivityMonitor {}\n")
        try write("Monitor/Info.plist", plist("com.apple.deviceactivity.monitor-extension", "Monitor"))
        try write("Config/Config.swift", "import ManagedSettingsUI\nclass Config: ShieldConfigurationDataSource {}\n")
        try write("Config/Info.plist", plist("com.apple.ManagedSettingsUI.shield-configuration-service", "Config"))
        try write("Action/Action.swift", "import ManagedSettings\nclass Action: ShieldActionDelegate {}\n")
        try write("Action/Info.plist", plist("com.apple.ManagedSettings.shield-action-service", "Action"))
        try write("DemoTests/PolicyTests.swift", "import Testing\n@testable import Demo\n@Test func t() {}\n")
        try write("DemoTests/OtherTests.swift", "import Testing\n@Test func u() {}\n")
        guard withProject else { return root }
        // Synchronized folders: the app lists Demo and Shared (minus its
        // Info.plist); the monitor lists Shared and Monitor, and takes
        // Logic/Policy.swift from Demo by an exception set on Demo.
        try write(
            "Demo.xcodeproj/project.pbxproj",
            """
            // !$*UTF8*$!
            {
                archiveVersion = 1;
                objectVersion = 77;
                objects = {
                    MAIN = { isa = PBXGroup; children = (GDEMO, GSHARED, GMON, GCONF, GACT, GTESTS); sourceTree = "<group>"; };
                    GDEMO = { isa = PBXFileSystemSynchronizedRootGroup; exceptions = (EAPP, EMONFROMDEMO); path = Demo; sourceTree = "<group>"; };
                    GSHARED = { isa = PBXFileSystemSynchronizedRootGroup; path = Shared; sourceTree = "<group>"; };
                    GMON = { isa = PBXFileSystemSynchronizedRootGroup; exceptions = (EMON); path = Monitor; sourceTree = "<group>"; };
                    GCONF = { isa = PBXFileSystemSynchronizedRootGroup; path = Config; sourceTree = "<group>"; };
                    GACT = { isa = PBXFileSystemSynchronizedRootGroup; path = Action; sourceTree = "<group>"; };
                    GTESTS = { isa = PBXFileSystemSynchronizedRootGroup; path = DemoTests; sourceTree = "<group>"; };
                    EAPP = { isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Info.plist); target = TAPP; };
                    EMONFROMDEMO = { isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Logic/Policy.swift); target = TMON; };
                    EMON = { isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Info.plist); target = TMON; };
                    TAPP = { isa = PBXNativeTarget; buildConfigurationList = LAPP; fileSystemSynchronizedGroups = (GDEMO, GSHARED); name = Demo; productType = "com.apple.product-type.application"; };
                    TMON = { isa = PBXNativeTarget; buildConfigurationList = LEXT; fileSystemSynchronizedGroups = (GSHARED, GMON); name = Monitor; productType = "com.apple.product-type.app-extension"; };
                    TCONF = { isa = PBXNativeTarget; buildConfigurationList = LEXT; fileSystemSynchronizedGroups = (GSHARED, GCONF); name = Config; productType = "com.apple.product-type.app-extension"; };
                    TACT = { isa = PBXNativeTarget; buildConfigurationList = LEXT; fileSystemSynchronizedGroups = (GSHARED, GACT); name = Action; productType = "com.apple.product-type.app-extension"; };
                    TTESTS = { isa = PBXNativeTarget; buildConfigurationList = LTESTS; fileSystemSynchronizedGroups = (GTESTS); name = DemoTests; productType = "com.apple.product-type.bundle.unit-test"; };
                    LAPP = { isa = XCConfigurationList; buildConfigurations = (CAPP); };
                    CAPP = { isa = XCBuildConfiguration; name = Debug; buildSettings = { SWIFT_VERSION = 5.0; SWIFT_DEFAULT_ACTOR_ISOLATION = MainActor; CODE_SIGN_ENTITLEMENTS = demo/demo.entitlements; SWIFT_UPCOMING_FEATURE_EXISTENTIAL_ANY = YES; }; };
                    LEXT = { isa = XCConfigurationList; buildConfigurations = (CEXT); };
                    CEXT = { isa = XCBuildConfiguration; name = Debug; buildSettings = { SWIFT_VERSION = 6.0; }; };
                    LTESTS = { isa = XCConfigurationList; buildConfigurations = (CTESTS); };
                    CTESTS = { isa = XCBuildConfiguration; name = Debug; buildSettings = { TEST_HOST = "$(BUILT_PRODUCTS_DIR)/Demo.app/Demo"; }; };
                    PROJECT = { isa = PBXProject; mainGroup = MAIN; targets = (TAPP, TMON, TCONF, TACT, TTESTS); buildConfigurationList = LAPP; };
                };
                rootObject = PROJECT;
            }
            """)
        return root
    }

    @Test func membershipComesFromTheProjectsSynchronizedFoldersAndExceptions() throws {
        let root = try Self.checkout(withProject: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let app = try GuestAppReader.read(root)
        #expect(app.name == "Demo")
        #expect(app.membershipSource == "Xcode project Demo.xcodeproj")
        let process = try #require(app.process(.app))
        #expect(process.sources == ["Demo/Logic/Policy.swift", "Demo/Models/Preset.swift", "Shared/Store.swift"])
        #expect(
            process.excluded.contains(
                Exclusion(
                    file: "Demo/Views/HomeView.swift", reason: "a SwiftUI view (the emulated device has no screen)")))
        #expect(process.excluded.contains(Exclusion(file: "Demo/Services/Chart.swift", reason: "imports Charts")))
        #expect(process.settings.flags.contains("MainActor"))
        #expect(process.settings.upcomingFeatures == ["ExistentialAny"])
        // The exception set on Demo adds Policy.swift to the monitor, which does not list Demo.
        let monitor = try #require(app.process(.monitor))
        #expect(monitor.sources == ["Demo/Logic/Policy.swift", "Monitor/Monitor.swift", "Shared/Store.swift"])
        #expect(monitor.principalClass == "Monitor")
        #expect(monitor.settings.languageMode == "6")
        #expect(app.process(.shieldConfig)?.principalClass == "Config")
        #expect(app.process(.shieldAction)?.principalClass == "Action")
        // The entitlements named in another case, as macOS's file system
        // finds them, and the associated domains' applinks hosts.
        #expect(app.appGroups == ["group.demo"])
        #expect(app.linkHosts == ["demo.app", "beta.demo.app"])
        #expect(app.stringCatalogs == ["Shared/Copy.xcstrings"])
        #expect(app.tests?.sources == ["DemoTests/OtherTests.swift", "DemoTests/PolicyTests.swift"])
    }

    @Test func withoutAProjectTheFolderConventionsAgree() throws {
        let root = try Self.checkout(withProject: false)
        defer { try? FileManager.default.removeItem(at: root) }
        let app = try GuestAppReader.read(root)
        #expect(app.name == "Demo")
        #expect(app.membershipSource == "folder conventions")
        // The URL schemes its Info dictionary registers (CFBundleURLTypes).
        #expect(app.urlSchemes == ["demo"])
        #expect(
            app.process(.app)?.sources == ["Shared/Store.swift", "Demo/Logic/Policy.swift", "Demo/Models/Preset.swift"])
        #expect(app.process(.monitor)?.sources == ["Shared/Store.swift", "Monitor/Monitor.swift"])
        #expect(app.tests?.target == "DemoTests")
        #expect(app.appGroups == ["group.demo"])
    }

    @Test func aCheckoutWithNoAppToFindSaysWhy() throws {
        let root = try TemporaryDirectory.make(prefix: "guest-reader-empty")
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(throws: GuestBuildError.self) { try GuestAppReader.read(root) }
        #expect(throws: GuestBuildError.self) { try GuestAppReader.read(root.appendingPathComponent("missing")) }
    }

    @Test func importsInsideCanImportAreTheCompilersToSkip() {
        let source = """
            import Foundation
            #if canImport(SwiftUI)
            import SwiftUI
            #endif
            #if canImport(AppKit)
            import AppKit
            #else
            import UIKit
            #endif
            @testable import Demo
            import struct Charts.Plot
            """
        #expect(SwiftImports.modules(in: source) == ["Foundation", "SwiftUI", "UIKit", "Demo", "Charts"])
        #expect(SwiftImports.unsupportedImport(in: source, also: ["Demo"]) == "Charts")
    }

    /// A file importing a stand-in that declares only part of its framework
    /// may be left out when it does not compile; one importing only full
    /// stand-ins (DeviceActivity) fails the build with the compiler's words.
    @Test func partialStandInsAreTheOnesAFileMayBeLeftOutFor() {
        let live = "import ActivityKit\nimport SwiftUI\nimport WidgetKit\nimport DeviceActivity\n"
        #expect(SwiftImports.partialImports(in: live) == ["ActivityKit", "SwiftUI", "WidgetKit"])
        #expect(SwiftImports.partialImports(in: "import DeviceActivity\nimport ManagedSettings\n").isEmpty)
    }
}

/// What an extension compiles is decided by its principal class, not by
/// guesses about its imports (found on Foqos, docs/FOQOS.md).
@Suite("An extension's principal class")
struct PrincipalClassTests {
    @Test func aShieldConfigurationTakingAnApplicationIsNoSwiftUIApp() {
        // `: App` is an app's conformance; `: Application` is the shield
        // configuration's parameter type.
        #expect(!SwiftImports.isSwiftUIView("func configuration(shielding application: Application) {}"))
        #expect(SwiftImports.isSwiftUIView("@main struct Demo: App {}"))
        #expect(SwiftImports.isSwiftUIView("struct Row: View {}"))
        #expect(!SwiftImports.isSwiftUIView("struct Row: Viewable {}"))
    }

    @Test func theFileDeclaringThePrincipalClassIsAlwaysCompiled() throws {
        let root = try TemporaryDirectory.make(prefix: "guest-principal")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("Config"), withIntermediateDirectories: true)
        // An import with no stand-in would leave an ordinary file out; left
        // out, this one would leave no extension, so the compiler is to say
        // what is missing instead.
        let config = "import OSLogLike\nclass Config: ShieldConfigurationDataSource {}\n"
        try config.write(to: root.appendingPathComponent("Config/Config.swift"), atomically: true, encoding: .utf8)
        try "import OSLogLike\nenum Helper {}\n".write(
            to: root.appendingPathComponent("Config/Helper.swift"), atomically: true, encoding: .utf8)
        let (compiled, excluded) = GuestAppReader.compiled(
            ["Config/Config.swift", "Config/Helper.swift"], root: root, testing: false, principalClass: "Config")
        #expect(compiled == ["Config/Config.swift"])
        #expect(excluded == [Exclusion(file: "Config/Helper.swift", reason: "imports OSLogLike")])
    }

    /// A DeviceActivityReport extension is an ExtensionKit extension: its
    /// point is under `EXAppExtensionAttributes`, its entry point the
    /// `@main` type, and its views are compiled (the scene's content).
    @Test func aReportExtensionIsTheFifthProcessWithItsMainTypeAndViews() throws {
        let root = try GuestAppReaderTests.checkout(withProject: false)
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try GuestAppReader.read(root).process(.report) == nil)
        func write(_ path: String, _ text: String) throws {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        try write(
            "Report/Info.plist",
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>EXAppExtensionAttributes</key><dict>
            <key>EXExtensionPointIdentifier</key><string>com.apple.deviceactivityui.report-extension</string>
            </dict></dict></plist>
            """)
        try write(
            "Report/DemoReport.swift",
            "import DeviceActivity\nimport SwiftUI\nimport ExtensionKit\n\n// @main is below\n@main\n"
                + "struct DemoReport: DeviceActivityReportExtension {\n    var body: some DeviceActivityReportScene { Usage() }\n}\n"
        )
        try write(
            "Report/Usage.swift", "import DeviceActivity\nimport SwiftUI\nstruct Usage: DeviceActivityReportScene {}\n")
        try write(
            "Report/UsageView.swift", "import SwiftUI\nstruct UsageView: View { var body: some View { Text(\"\") } }\n")
        let report = try #require(try GuestAppReader.read(root).process(.report))
        #expect(report.principalClass == "DemoReport")
        #expect(report.kind.executable == "oal-report")
        #expect(
            report.sources == [
                "Shared/Store.swift", "Report/DemoReport.swift", "Report/Usage.swift", "Report/UsageView.swift",
            ])
        #expect(report.views == ["Report/DemoReport.swift", "Report/UsageView.swift"])
    }
}
