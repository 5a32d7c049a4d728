import Foundation
import Testing

@testable import OALGuestBuild

/// A package's sample host app, read from its XcodeGen `project.yml`
/// (docs/GUEST.md, "A package's host app").
@Suite("An XcodeGen project.yml read for the app target")
struct XcodeGenSpecTests {
    let spec = """
        # Sample host app. The .xcodeproj is generated.
        name: Sample
        options:
          deploymentTarget:
            iOS: "26.0"
        packages:
          Kit:
            path: ../..
        targets:
          Sample:
            type: application
            platform: iOS
            sources:
              - Sources
              - path: Extra
            dependencies:
              - package: Kit
                product: Core
              - package: Kit
                product: Intents
              - sdk: Charts.framework
            info:
              path: Sources/Info.plist
              properties:
                CFBundleLocalizations: [en, ja]   # the host's languages
                UILaunchScreen: {}
            settings:
              base:
                SWIFT_VERSION: "6.0"
          SampleTests:
            type: bundle.unit-test
            platform: iOS
            sources: Tests
        """

    @Test func theApplicationTargetIsReadWithItsSourcesProductsAndSettings() throws {
        let parsed = try XcodeGenSpec.parse(spec, file: "project.yml", folder: URL(fileURLWithPath: "/x"))
        #expect(parsed.name == "Sample")
        #expect(parsed.targets.map(\.name) == ["Sample", "SampleTests"])
        let app = try #require(parsed.application)
        #expect(app.name == "Sample")
        #expect(app.sources == ["Sources", "Extra"])
        #expect(app.packageProducts == ["Core", "Intents"])
        #expect(app.infoPath == "Sources/Info.plist")
        #expect(app.settings["SWIFT_VERSION"] == "6.0")
        #expect(parsed.targets[1].sources == ["Tests"])
    }

    @Test func whatTheReaderDoesNotReadIsRefusedNamingTheLine() {
        let anchored = "name: S\ntargets:\n  S:\n    type: &app application\n"
        #expect(throws: GuestBuildError.self) {
            try XcodeGenSpec.parse(anchored, file: "p.yml", folder: URL(fileURLWithPath: "/"))
        }
        do {
            _ = try XcodeGenSpec.parse(anchored, file: "p.yml", folder: URL(fileURLWithPath: "/"))
        } catch {
            #expect(error.description.contains("p.yml: line 4"))
        }
        let noTargets = "name: S\n"
        #expect(throws: GuestBuildError.self) {
            try XcodeGenSpec.parse(noTargets, file: "p.yml", folder: URL(fileURLWithPath: "/"))
        }
    }

    @Test func theInterventionSampleIsFoundInItsPackage() throws {
        let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
                "shared/guest/swift-app-intervention")
        guard FileManager.default.fileExists(atPath: checkout.path) else { return }
        let specs = XcodeGenSpec.examples(in: checkout)
        #expect(specs.map { $0.deletingLastPathComponent().lastPathComponent } == ["InterventionSample"])
        let app = try #require(try XcodeGenSpec.read(specs[0]).application)
        #expect(
            app.packageProducts == [
                "AppIntervention", "AppInterventionIntents", "AppInterventionUI", "AppInterventionFocus",
            ])
    }
}
