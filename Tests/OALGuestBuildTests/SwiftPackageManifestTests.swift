import Foundation
import Testing

@testable import OALGuestBuild

/// A package's targets read from its `Package.swift` text, never run
/// (docs/GUEST.md, "A package's tests").
@Suite("A SwiftPM package's targets read from Package.swift")
struct SwiftPackageManifestTests {
    let manifest = """
        // swift-tools-version: 6.2
        import PackageDescription

        let package = Package(
            name: "Kit",
            products: [
                // A product's targets: list is not the package's targets.
                .library(name: "Kit", targets: ["Core"])
            ],
            dependencies: [.package(url: "https://example.com/x", from: "1.0.0")],
            targets: [
                // MARK: - Core (no framework beyond Foundation)
                .target(name: "Core", path: "Sources/Core"),
                .target(
                    name: "UI",
                    dependencies: ["Core", .product(name: "Charts", package: "x")],
                    resources: [.process("Resources")]
                ),
                .target(name: "Glue", dependencies: [.target(name: "UI"), .byName(name: "Core")], exclude: ["Old"]),
                .testTarget(name: "CoreTests", dependencies: ["Core"]),
                .testTarget(name: "GlueTests", dependencies: ["Glue"], path: "Tests/Glue"),
                .plugin(name: "Lint", capability: .buildTool())
            ]
        )
        """

    @Test func theTargetsAreReadWithTheirPathsAndDependencies() throws {
        let package = try SwiftPackageManifest.parse(manifest, file: "Package.swift")
        #expect(package.name == "Kit")
        #expect(package.targets.map(\.name) == ["Core", "UI", "Glue", "CoreTests", "GlueTests", "Lint"])
        #expect(package.targets.map(\.kind) == [.library, .library, .library, .test, .test, .other])
        #expect(package.target("Core")?.path == "Sources/Core")
        #expect(package.target("UI")?.path == "Sources/UI")
        #expect(package.target("UI")?.dependencies == ["Core"])
        #expect(package.target("UI")?.products == ["Charts"])
        #expect(package.target("Glue")?.dependencies == ["UI", "Core"])
        #expect(package.target("Glue")?.exclude == ["Old"])
        #expect(package.target("CoreTests")?.path == "Tests/CoreTests")
        #expect(package.target("GlueTests")?.path == "Tests/Glue")
    }

    @Test func dependenciesComeBeforeWhatNeedsThem() throws {
        let package = try SwiftPackageManifest.parse(manifest, file: "Package.swift")
        #expect(package.dependencyOrder(of: ["Glue"]).map(\.name) == ["Core", "UI", "Glue"])
        #expect(package.dependencyOrder(of: ["Core", "Glue"]).map(\.name) == ["Core", "UI", "Glue"])
    }

    @Test func aManifestNotWrittenAsLiteralsIsRefusedNamingTheLine() {
        let computed = """
            import PackageDescription
            let names = ["A", "B"]
            let package = Package(
                name: "Loop",
                targets: names.map { .target(name: $0) }
            )
            """
        #expect(throws: GuestBuildError.self) { try SwiftPackageManifest.parse(computed, file: "P/Package.swift") }
        do {
            _ = try SwiftPackageManifest.parse(computed, file: "P/Package.swift")
        } catch {
            #expect(error.description.contains("P/Package.swift: line 3"), "\(error)")
        }
        let sources = """
            let package = Package(name: "S", targets: [
                .target(name: "A", sources: ["a.swift"])
            ])
            """
        do {
            _ = try SwiftPackageManifest.parse(sources, file: "Package.swift")
            Issue.record("a target with sources: was read")
        } catch {
            #expect(error.description.contains("line 2: target A: `sources:`"), "\(error)")
        }
    }

    /// The intervention package (test data beside the repository), as its
    /// manifest declares it: four libraries, four test targets.
    @Test func theInterventionPackageHasFourLibrariesAndFourTestTargets() throws {
        let checkout = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
                "shared/guest/swift-app-intervention")
        guard FileManager.default.fileExists(atPath: checkout.path) else { return }
        #expect(SwiftPackageManifest.isPackage(checkout))
        let package = try SwiftPackageManifest.read(checkout)
        #expect(package.name == "AppIntervention")
        #expect(package.targets.filter { $0.kind == .library }.count == 4)
        #expect(
            package.targets.filter { $0.kind == .test }.map(\.name).sorted() == [
                "AppInterventionFocusTests", "AppInterventionIntentsTests", "AppInterventionTests",
                "AppInterventionUITests",
            ])
        #expect(package.sources(of: package.target("AppIntervention")!, in: checkout).count == 20)
        #expect(!SwiftPackageManifest.isPackage(checkout.deletingLastPathComponent().appendingPathComponent("Foqos")))
    }
}
