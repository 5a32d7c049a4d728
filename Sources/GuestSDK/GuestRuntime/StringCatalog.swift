import Foundation

/// The guest's string catalogs (`*.xcstrings`), for `String(localized:)`.
/// A catalog's file name is its table (`Copy.xcstrings` is table `Copy`);
/// a key found in no catalog resolves to itself, as on iOS.
public final class StringCatalog: @unchecked Sendable {
    public static let shared = StringCatalog()

    private let lock = NSLock()
    private var tables: [String: [String: String]] = [:]

    /// Loads catalogs: each table's name and its `.xcstrings` JSON (the
    /// guest build compiles them in, as an app bundles its catalogs).
    public func load(_ catalogs: [(table: String, json: String)], language: String = "en") {
        for (table, json) in catalogs {
            do {
                let strings = try Self.parse(Data(json.utf8), language: language)
                lock.withLock { tables[table, default: [:]].merge(strings) { _, new in new } }
            } catch {
                GuestDevice.fail("String(localized:): the catalog \(table).xcstrings is not a string catalog: \(error)")
            }
        }
    }

    /// The text for `key` in `table` (`Localizable` when nil).
    public func string(forKey key: String, table: String?) -> String {
        lock.withLock { tables[table ?? "Localizable"]?[key] } ?? key
    }

    /// The `stringUnit` value of each key in `language`; plural variations
    /// resolve to their `other` form (the emulator formats with
    /// `String(format:)`, which has no plural rules).
    static func parse(_ data: Data, language: String) throws -> [String: String] {
        struct Catalog: Decodable { var strings: [String: Entry] }
        struct Entry: Decodable { var localizations: [String: Localization]? }
        struct Localization: Decodable {
            var stringUnit: Unit?
            var variations: Variations?
        }
        struct Variations: Decodable { var plural: [String: Localization]? }
        struct Unit: Decodable { var value: String }
        let catalog = try JSONDecoder().decode(Catalog.self, from: data)
        var result: [String: String] = [:]
        for (key, entry) in catalog.strings {
            guard let localization = entry.localizations?[language] else { continue }
            if let value = localization.stringUnit?.value {
                result[key] = value
            } else if let value = localization.variations?.plural?["other"]?.stringUnit?.value {
                result[key] = value
            }
        }
        return result
    }
}
