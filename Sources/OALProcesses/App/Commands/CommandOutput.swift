import Foundation

/// Printing for the app's commands: plain text for people, `--json` for
/// scripts and the emulated OS (sorted keys, so output is stable).
public enum CommandOutput {
    public static func json<T: Encodable>(_ value: T) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    public static func emit<T: Encodable>(_ value: T, json: Bool, text: () -> String) throws {
        print(json ? try Self.json(value) : text())
    }
}
