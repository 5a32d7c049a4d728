import Foundation
import GuestRuntime

/// `NSUbiquitousKeyValueStore` for guest code (Linux's Foundation has none;
/// the generated prelude declares `typealias NSUbiquitousKeyValueStore =
/// GuestUbiquitousKeyValueStore`): the iCloud key-value store
/// (https://developer.apple.com/documentation/foundation/nsubiquitouskeyvaluestore).
///
/// The emulated device is signed in to no iCloud account. Apple: "If you
/// write to the key-value store object when the user is not signed into an
/// iCloud account, the data is stored locally until the next
/// synchronization opportunity". So the values are kept locally, in the
/// process's own defaults domain `NSUbiquitousKeyValueStore`
/// (`<root>/app/Library/Preferences/` for the app), read back as written;
/// none reaches another device, and no change ever comes from one.
public final class GuestUbiquitousKeyValueStore: @unchecked Sendable {
    /// The app's store
    /// (https://developer.apple.com/documentation/foundation/nsubiquitouskeyvaluestore/default).
    public static var `default`: GuestUbiquitousKeyValueStore { GuestUbiquitousKeyValueStore() }

    private let local: GuestUserDefaults

    private init() {
        guard let local = GuestUserDefaults(suiteName: "NSUbiquitousKeyValueStore") else {
            GuestDevice.fail("NSUbiquitousKeyValueStore.default: its local domain cannot be opened")
        }
        self.local = local
    }

    public func object(forKey aKey: String) -> Any? { local.object(forKey: aKey) }
    public func string(forKey aKey: String) -> String? { local.string(forKey: aKey) }
    public func data(forKey aKey: String) -> Data? { local.data(forKey: aKey) }
    public func bool(forKey aKey: String) -> Bool { local.bool(forKey: aKey) }
    public func double(forKey aKey: String) -> Double { local.double(forKey: aKey) }
    public func array(forKey aKey: String) -> [Any]? { local.array(forKey: aKey) }
    public func dictionary(forKey aKey: String) -> [String: Any]? { local.dictionary(forKey: aKey) }
    public var dictionaryRepresentation: [String: Any] { local.dictionaryRepresentation() }

    public func set(_ anObject: Any?, forKey aKey: String) { local.set(anObject, forKey: aKey) }
    public func set(_ aData: Data?, forKey aKey: String) { local.set(aData, forKey: aKey) }
    public func set(_ aString: String?, forKey aKey: String) { local.set(aString, forKey: aKey) }
    public func set(_ value: Bool, forKey aKey: String) { local.set(value, forKey: aKey) }
    public func set(_ value: Int64, forKey aKey: String) { local.set(Int(value), forKey: aKey) }
    public func set(_ value: Double, forKey aKey: String) { local.set(value, forKey: aKey) }
    public func removeObject(forKey aKey: String) { local.removeObject(forKey: aKey) }

    /// Synchronizes with iCloud
    /// (https://developer.apple.com/documentation/foundation/nsubiquitouskeyvaluestore/synchronize()):
    /// "true if the in-memory and iCloud keys are synchronized, or false if
    /// an error occurred". With no account they cannot be: false. The
    /// values stay stored locally.
    @discardableResult
    public func synchronize() -> Bool { false }
}
