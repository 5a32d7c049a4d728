import Foundation
import GuestFoundation
import GuestRuntime
import Testing

/// The iCloud key-value store on a device signed in to no iCloud account.
/// In the serialized SwiftData suite: the guest device installed here is
/// one per process.
extension SwiftDataTests {
    /// https://developer.apple.com/documentation/foundation/nsubiquitouskeyvaluestore
    /// ("If you write to the key-value store object when the user is not
    /// signed into an iCloud account, the data is stored locally") and
    /// .../synchronize() (false when the keys cannot be synchronized with
    /// iCloud). Foqos's `ActiveProfileSyncStore.publish` writes its record so.
    @Test func theKeyValueStoreKeepsValuesLocallyWithNoICloudAccount() throws {
        let base = try Self.installDevice("ubiquitous-kvstore")
        defer {
            GuestDevice.uninstall()
            try? FileManager.default.removeItem(at: base)
        }
        let record = Data(#"{"state":"active"}"#.utf8)
        GuestUbiquitousKeyValueStore.default.set(record, forKey: "activeProfile")
        #expect(!GuestUbiquitousKeyValueStore.default.synchronize())
        // Another handle, as the next launch has: the value was stored locally.
        #expect(GuestUbiquitousKeyValueStore.default.data(forKey: "activeProfile") == record)
        GuestUbiquitousKeyValueStore.default.removeObject(forKey: "activeProfile")
        #expect(GuestUbiquitousKeyValueStore.default.data(forKey: "activeProfile") == nil)
    }
}
