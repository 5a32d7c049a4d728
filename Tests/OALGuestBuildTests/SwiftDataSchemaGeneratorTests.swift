import Foundation
import Testing

@testable import OALGuestBuild

@Suite("The generated SwiftData schema facts")
struct SwiftDataSchemaGeneratorTests {
    @Test func readsStoredPropertiesTheirDefaultsAndAnnotations() {
        let source = #"""
            import SwiftData

            /// A list. "quoted { brace"
            @Model
            final class AppList {
                @Attribute(.unique) var id: UUID
                var name: String // trailing { comment
                /// Encoded selection.
                var selectionData: Data?
                var createdAt: Date = .now

                @Relationship(deleteRule: .nullify, inverse: \BlockingRule.appList)
                var rules: [BlockingRule] = []
                @Transient var cache = 0
                static let displayOrder: [SortDescriptor<AppList>] = [SortDescriptor(\.name)]
                var label: String { rules.count == 1 ? "1 Rule" : "\(rules.count) Rules" }
                lazy var later: Int = 3

                init(name: String) {
                    self.id = UUID()
                    self.name = name
                    var local = 3
                    local += 1
                }

                func touch() { var x = 1; x += 1 }
            }

            struct NotAModel { var field: Int }
            """#
        let models = SwiftDataSchemaGenerator.models(in: [("Models/AppList.swift", source)])
        #expect(models.map(\.name) == ["AppList"])
        let properties = models.first?.properties ?? []
        #expect(properties.map(\.name) == ["id", "name", "selectionData", "createdAt", "rules", "cache"])
        #expect(properties[0].annotation == "Attribute(.unique)")
        #expect(properties[2].type == "Data?")
        #expect(properties[3].defaultValue == ".now")
        #expect(properties[4].annotation == #"Relationship(deleteRule: .nullify, inverse: \BlockingRule.appList)"#)
        #expect(properties[4].type == "[BlockingRule]")
        #expect(properties[4].defaultValue == "[]")
        #expect(properties[5].annotation == "Transient")
        let generated = SwiftDataSchemaGenerator.source(for: models)
        #expect(generated.contains("extension AppList: SwiftData.PersistentModel {"))
        #expect(generated.contains(#"keypath: \AppList.rules, defaultValue: ([]) as [BlockingRule], "#))
        #expect(generated.contains("metadata: SwiftData.Schema.Attribute(.unique)"))
    }
}
