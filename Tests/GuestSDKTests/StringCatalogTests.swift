import Foundation
import Testing

@testable import GuestRuntime

/// `String(localized:)` reads the guest's `.xcstrings` values.
struct StringCatalogTests {
    @Test func readsStringUnitsAndPluralOthers() throws {
        let json = """
            {"sourceLanguage": "en", "strings": {
              "a": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "Apps"}}}},
              "b": {"localizations": {"en": {"variations": {"plural": {
                "one": {"stringUnit": {"state": "translated", "value": "%lld app"}},
                "other": {"stringUnit": {"state": "translated", "value": "%lld apps"}}}}}}},
              "c": {}
            }}
            """
        let strings = try StringCatalog.parse(Data(json.utf8), language: "en")
        #expect(strings == ["a": "Apps", "b": "%lld apps"])
    }
}
