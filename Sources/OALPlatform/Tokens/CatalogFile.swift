import OALStore

/// The installed-app catalog of one device, `<root>/system/catalog.json`.
public struct CatalogFile: Sendable {
    private let file: DocumentFile<InstalledAppCatalog>

    public static let storeName = "catalog"
    public static let format = "oal.catalog"
    public static let version = 1

    public init(system: AppGroupContainer, observer: StoreAccessObserver? = nil) throws {
        file = try DocumentFile(
            container: system, name: Self.storeName, format: Self.format, version: Self.version, observer: observer)
    }

    /// The catalog; a device that never installed one has the standard one.
    public func catalog() throws -> InstalledAppCatalog {
        try file.read() ?? .standard
    }

    public func save(_ catalog: InstalledAppCatalog) throws {
        try file.update { $0 = catalog }
    }
}
