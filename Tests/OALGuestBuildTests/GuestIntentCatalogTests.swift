import Foundation
import Testing

@testable import OALGuestBuild

/// The App Intents an app declares, found without compiling it.
@Suite("An app's App Intents, read from its sources")
struct GuestIntentCatalogTests {
    @Test func typesConformingToAnIntentProtocolAreIntents() {
        let sources: [(path: String, text: String)] = [
            (
                "App/Intents.swift",
                """
                import AppIntents
                struct StartIntent: LiveActivityIntent { func perform() async throws -> some IntentResult { .result() } }
                struct CheckIntent: AppIntent, Sendable {}
                // struct CommentedIntent: AppIntent {}
                struct Helper: Codable {}
                enum Choice: String, AppEnum { case a }
                """
            ),
            ("App/NoImport.swift", "struct Lookalike: AppIntent {}"),
            ("Widget/Config.swift", "import AppIntents\nstruct Pick: WidgetConfigurationIntent {}"),
        ]
        let catalog = GuestIntentCatalog.scan(sources)
        #expect(catalog.intents.map(\.name) == ["CheckIntent", "Pick", "StartIntent"])
        #expect(catalog.intents.first?.file == "App/Intents.swift")
    }
}
