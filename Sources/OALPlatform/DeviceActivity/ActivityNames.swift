import Foundation
import OALStore

/// The registry's activity names alone: what `DeviceActivityCenter
/// .activities` answers (Apple's `activities` is the names too), read
/// without decoding any registration. Decoding a registration expands its
/// threshold ranges into an event per minute; the monitor asks for the
/// names at every callback (`armMissingDays`), and in a spawned process
/// that decode was a fifth of its work (issue 36). Read-only: the registry
/// is written as a whole `ActivityRegistry`.
struct ActivityNames: Codable, Sendable {
    var names: [String]

    init(names: [String]) { self.names = names }

    private enum Keys: String, CodingKey { case activities }

    private struct Name: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    init(from decoder: any Decoder) throws {
        let document = try decoder.container(keyedBy: Keys.self)
        names = try document.nestedContainer(keyedBy: Name.self, forKey: .activities).allKeys.map(\.stringValue)
    }

    func encode(to encoder: any Encoder) throws {
        throw EncodingError.invalidValue(
            names,
            EncodingError.Context(
                codingPath: encoder.codingPath,
                debugDescription: "ActivityNames is read-only: the registry is written as an ActivityRegistry"))
    }

    /// A version-1 registry, migrated as the whole registry is.
    static func migrate(fromVersion version: Int, _ bytes: Data) throws -> ActivityNames {
        ActivityNames(names: Array(try ActivityRegistryV1.migrate(fromVersion: version, bytes).activities.keys))
    }
}
