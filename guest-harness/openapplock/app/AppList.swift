// Emulator harness, not the guest's code: a plain stand-in for the app's
// SwiftData model `AppList`, filled from the user's database.
import Foundation

final class AppList {
    var id: UUID
    var name: String
    var selectionData: Data?
    var selectionCount: Int
    var createdAt: Date

    init(id: UUID, name: String, selectionData: Data?, selectionCount: Int, createdAt: Date) {
        self.id = id
        self.name = name
        self.selectionData = selectionData
        self.selectionCount = selectionCount
        self.createdAt = createdAt
    }
}
