import Foundation
import Testing

@testable import OALGuestBuild

/// A package's hand-written contract mutants, compiled as schemata into a
/// copy of the files they touch (docs/GUEST.md, "A package's contract mutants").
@Suite("A package's contract mutants")
struct PackageMutantsTests {
    let file = """
        # two mutants
        mutant skip-save
        catches fail-open
        summary the save is not run
        drop Sources/K/Store.swift:3 try save(value)

        mutant wrong-window
        catches return-window
        summary no window
        replace Sources/K/Store.swift:4 window: 15 => window: 0
        """
    let store = "func f() throws {\n    let value = 1\n    try save(value)\n    let pass = Pass(window: 15)\n}"

    @Test func eachEditBecomesASchemaTurnedOnByItsNumber() throws {
        let mutants = try PackageMutants.parse(file, file: "package-mutants")
        #expect(mutants.mutants.map(\.name) == ["skip-save", "wrong-window"])
        #expect(mutants.mutants.map(\.variable) == ["guest-1", "guest-2"])
        #expect(mutants.mutants.map(\.catches) == ["fail-open", "return-window"])
        let rewritten = try mutants.rewrite(["Sources/K/Store.swift": store], mutantsFile: "package-mutants")
        let lines = try #require(rewritten["Sources/K/Store.swift"]).components(separatedBy: "\n")
        #expect(lines[2] == "    if !__oalMutant(1) { try save(value) }")
        #expect(lines[3] == "    let pass = Pass((__oalMutant(2) ? (window: 0) : (window: 15)))")
    }

    @Test func aLineThatNoLongerHoldsTheCodeIsRefusedNamingTheMutant() throws {
        let mutants = try PackageMutants.parse(file, file: "package-mutants")
        let moved = "func f() throws {\n    try save(value)\n    let value = 1\n    let pass = Pass(window: 15)\n}"
        do {
            _ = try mutants.rewrite(["Sources/K/Store.swift": moved], mutantsFile: "package-mutants")
            Issue.record("a moved line was mutated")
        } catch {
            #expect(error.description.contains("mutant skip-save: Sources/K/Store.swift:3 is `let value = 1`"))
        }
        #expect(throws: GuestBuildError.self) {
            try PackageMutants.parse("catches fail-open\n", file: "m")
        }
        #expect(throws: GuestBuildError.self) {
            try PackageMutants.parse("mutant lonely\ncatches fail-open\n", file: "m")
        }
    }

    @Test func theInterventionHarnessMutantsFitThePackage() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let checkout = repository.deletingLastPathComponent().appendingPathComponent(
            "shared/guest/swift-app-intervention")
        guard FileManager.default.fileExists(atPath: checkout.path) else { return }
        let mutants = try PackageMutants.load(
            repository.appendingPathComponent("guest-harness/interventionsample/package-mutants"))
        #expect(
            Set(mutants.mutants.map(\.catches)) == [
                "fail-open", "exactly-once-resolve", "never-stale", "open-counted-once", "return-window",
            ])
        let package = try SwiftPackageManifest.read(checkout)
        var texts: [String: String] = [:]
        for path in package.sources(of: try #require(package.target("AppIntervention")), in: checkout) {
            texts[path] = try String(contentsOf: checkout.appendingPathComponent(path), encoding: .utf8)
        }
        let rewritten = try mutants.rewrite(texts, mutantsFile: "package-mutants")
        #expect(
            rewritten.keys.sorted() == [
                "Sources/AppIntervention/Coordinator/InterventionCoordinator.swift",
                "Sources/AppIntervention/Presentation/Presentation.swift",
            ])
    }
}
