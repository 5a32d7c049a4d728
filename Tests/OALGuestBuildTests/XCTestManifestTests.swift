import Foundation
import Testing

@testable import OALGuestBuild

/// XCTest cases found from source, as XCTest finds them on Apple platforms
/// (docs/GUEST.md, "The app's unit tests").
@Suite("XCTest cases read from a guest's test files")
struct XCTestManifestTests {
    @Test func instanceMethodsNamedTestWithNoArgumentsAreTests() {
        let text = """
            import XCTest
            @MainActor
            final class ATests: XCTestCase {
              override func setUp() { super.setUp() }
              func testPlain() { XCTAssertTrue(true) }
              func testThrows() throws {}
              func testAsync() async throws {}
              private func testPrivateHelper() {}
              static func testStatic() {}
              func testWithArgument(_ value: Int) {}
              func helper() { func testNested() {} }
              func testReturns() -> Int { 1 }
              struct Inner { func testInInner() {} }
            }
            class Base: XCTestCase {}
            final class Derived: Base { func testInherited() {} }
            final class NotATest { func testNothing() {} }
            """
        let manifest = XCTestManifest.scan([("T/ATests.swift", text)])
        let found = manifest.classes.map { testClass in
            "\(testClass.name): " + testClass.methods.map(\.name).joined(separator: " ")
        }
        #expect(found == ["ATests: testPlain testThrows testAsync", "Base: ", "Derived: testInherited"])
        let methods = manifest.classes[0].methods
        #expect(methods.map(\.isThrowing) == [false, true, true])
        #expect(methods.map(\.isAsync) == [false, false, true])
        #expect(methods.map(\.line) == [5, 6, 7])
        #expect(manifest.count == 4)
    }

    @Test func theGeneratedListCallsEachTestOnTheMainActor() {
        let manifest = XCTestManifest.scan([
            ("T/A.swift", "final class A: XCTestCase { func testX() throws {}\n func testY() async {} }")
        ])
        let source = manifest.source()
        #expect(source.contains(#"("testX", "A/testX", "T/A.swift", 1, { (test: A) in { try MainActor.assumeIsolated"#))
        #expect(source.contains(#"asyncTest { (test: A) in { @MainActor in await test.testY() } }"#))
    }
}

/// The app files a guest's tests reach (`TestSourceSelection`).
@Suite("The app files a guest's unit tests need")
struct TestSourceSelectionTests {
    @Test func theTestsReachDeclarationsTheirExtensionsAndWhatTheyUse() {
        let candidates: [(path: String, text: String)] = [
            ("App/Model.swift", "struct Model { var clock: Clock }"),
            ("App/Clock.swift", "final class Clock {}"),
            ("App/ModelFormatting.swift", "extension Model { var label: String { \"\" } }"),
            ("App/DateHelpers.swift", "extension Date { var dayKey: String { \"\" } }"),
            ("App/UsesHelper.swift", "enum Report { static func key(_ d: Date) -> String { d.dayKey } }"),
            ("App/Screen.swift", "struct Screen: View { var body: some View { Text(\"\") } }"),
            ("App/Unrelated.swift", "func unrelated() {}"),
        ]
        let tests: [(path: String, text: String)] = [
            ("Tests/T.swift", "func t() { _ = Model(clock: Clock()); _ = \"\\(Report.self)\" }")
        ]
        #expect(
            TestSourceSelection.closure(tests: tests, candidates: candidates) == [
                "App/Model.swift", "App/Clock.swift", "App/ModelFormatting.swift", "App/DateHelpers.swift",
                "App/UsesHelper.swift",
            ])
    }

    /// A `private` or `fileprivate` declaration cannot be named from a
    /// test, so it never brings its file in: Foqos's app file declares
    /// `@MainActor private let container`, and a test's local `container`
    /// once pulled the whole app (every view) into its unit-test build.
    /// `private(set)` still lets the name be read.
    @Test func aFilePrivateDeclarationDoesNotBringItsFileIn() {
        let candidates: [(path: String, text: String)] = [
            ("App/AppEntry.swift", "@MainActor private let container = 1\nfileprivate struct Helper {}"),
            ("App/Store.swift", "private(set) var shared = 0"),
            ("App/Model.swift", "struct Model {}"),
        ]
        let tests: [(path: String, text: String)] = [
            ("Tests/T.swift", "func t() { let container = Model(); _ = Helper.self; _ = shared }")
        ]
        #expect(
            TestSourceSelection.closure(tests: tests, candidates: candidates) == ["App/Store.swift", "App/Model.swift"])
    }
}
