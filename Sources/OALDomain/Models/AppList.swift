import Foundation

/// A named, reusable selection that rules point at. Editing a list changes
/// what every rule using it blocks.
public struct AppList: Hashable, Codable, Sendable, Identifiable {
    public var id: UUID
    public var name: String
    public var selection: AppSelection

    public init(id: UUID, name: String, selection: AppSelection = .empty) {
        self.id = id
        self.name = name
        self.selection = selection
    }

    /// The row caption: "1 App", "3 Apps".
    public var countText: String {
        let count = selection.itemCount
        return count == 1 ? "1 App" : "\(count) Apps"
    }
}
