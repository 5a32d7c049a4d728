import Foundation

/// Which context each live model object is registered in, and under which
/// identifier: what `modelContext` and `persistentModelID` answer. A
/// context holds its registered objects strongly, so an entry never
/// outlives its object.
final class ModelRegistry: @unchecked Sendable {
    static let shared = ModelRegistry()

    private let lock = NSLock()
    private var entries: [ObjectIdentifier: Entry] = [:]
    private var temporaryCounter = 0

    struct Entry {
        /// Dead objects' identifiers can be reused: an entry counts only
        /// while its object lives.
        weak var object: AnyObject?
        weak var context: ModelContext?
        var identifier: PersistentIdentifier
        var deleted: Bool
    }

    func register(_ object: AnyObject, context: ModelContext, identifier: PersistentIdentifier) {
        lock.withLock {
            entries[ObjectIdentifier(object)] = Entry(
                object: object, context: context, identifier: identifier, deleted: false)
        }
    }

    func unregister(_ object: AnyObject) {
        _ = lock.withLock { entries.removeValue(forKey: ObjectIdentifier(object)) }
    }

    func setIdentifier(_ identifier: PersistentIdentifier, of object: AnyObject) {
        lock.withLock { entries[ObjectIdentifier(object)]?.identifier = identifier }
    }

    func setDeleted(_ deleted: Bool, _ object: AnyObject) {
        lock.withLock { entries[ObjectIdentifier(object)]?.deleted = deleted }
    }

    func context(of object: AnyObject) -> ModelContext? {
        lock.withLock { live(object)?.context }
    }

    func isDeleted(_ object: AnyObject) -> Bool {
        lock.withLock { live(object)?.deleted ?? false }
    }

    private func live(_ object: AnyObject) -> Entry? {
        guard let entry = entries[ObjectIdentifier(object)], entry.object === object else { return nil }
        return entry
    }

    /// The registered identifier, or a temporary one, kept from then on, for
    /// a model no context holds (Apple's models have one before insertion).
    func identifier(of object: any PersistentModel) -> PersistentIdentifier {
        lock.withLock {
            if let entry = live(object) { return entry.identifier }
            temporaryCounter += 1
            let identifier = PersistentIdentifier(
                entityName: String(describing: type(of: object)), key: "t\(temporaryCounter)", storeIdentifier: nil)
            entries[ObjectIdentifier(object)] = Entry(
                object: object, context: nil, identifier: identifier, deleted: false)
            return identifier
        }
    }

    func newTemporaryKey() -> String {
        lock.withLock {
            temporaryCounter += 1
            return "t\(temporaryCounter)"
        }
    }
}
