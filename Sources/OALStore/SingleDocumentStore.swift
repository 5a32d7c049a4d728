/// A store kept in one versioned JSON document (`<storeName>.json`): the
/// rule mirror, the open sessions, the shield-store list, group defaults.
/// Its identity (name, format, version) is declared once, and the document
/// file is opened the same way for all of them.
public protocol SingleDocumentStore {
    associatedtype Document: Codable & Sendable
    static var storeName: String { get }
    static var format: String { get }
    static var version: Int { get }
}

extension SingleDocumentStore {
    /// The store's document file in `container`.
    static func openFile(
        in container: AppGroupContainer, durable: StoreDurability, observer: StoreAccessObserver?
    ) throws(StoreError) -> DocumentFile<Document> {
        try DocumentFile(
            container: container, name: storeName, format: format, version: version, durable: durable,
            observer: observer)
    }
}
