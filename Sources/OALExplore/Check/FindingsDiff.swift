import Foundation

/// The findings one `findings.json` has and another lacks: what a pull
/// request's head brings that its base did not have (docs/CI.md). Two
/// findings are one class when their signatures match without the app
/// they name (`(guest OpenAppLock@abc1234)`), since head and base are two
/// commits of one app.
public enum FindingsDiff {
    /// One entry of a findings file, as read back.
    public struct Entry: Hashable, Sendable {
        public var signature: String
        public var known: Bool
        public var count: Int
        public var scenario: String
        public var reproduce: String

        /// The signature without its trailing ` (APP)`.
        public var withoutApp: String {
            for marker in [" (guest ", " (own app)"] {
                if let range = signature.range(of: marker, options: .backwards), signature.hasSuffix(")") {
                    return String(signature[..<range.lowerBound])
                }
            }
            return signature
        }
    }

    /// Why a findings file could not be read, naming it.
    public struct ReadError: Error, Sendable, CustomStringConvertible {
        public var file: String
        public var reason: String
        public var description: String { "\(file): \(reason)" }
    }

    /// The entries of a findings file's text; `file` names it in errors.
    public static func entries(_ data: Data, file: String) throws(ReadError) -> [Entry] {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data)
        } catch {
            throw ReadError(file: file, reason: "not JSON: \(error.localizedDescription)")
        }
        guard let top = object as? [String: Any], let findings = top["findings"] as? [Any] else {
            throw ReadError(file: file, reason: "no \"findings\" array at the top level")
        }
        var entries: [Entry] = []
        for (index, item) in findings.enumerated() {
            guard let finding = item as? [String: Any], let signature = finding["signature"] as? String,
                let known = finding["known"] as? Bool, let count = finding["count"] as? Int,
                let scenario = finding["scenario"] as? String, let reproduce = finding["reproduce"] as? String
            else {
                throw ReadError(
                    file: file,
                    reason: "findings[\(index)] lacks one of signature, known, count, scenario, reproduce")
            }
            entries.append(
                Entry(signature: signature, known: known, count: count, scenario: scenario, reproduce: reproduce))
        }
        return entries
    }

    /// The head's new findings (not known) whose class the base lacks.
    public static func newAtHead(base: [Entry], head: [Entry]) -> [Entry] {
        let before = Set(base.map(\.withoutApp))
        return head.filter { !$0.known && !before.contains($0.withoutApp) }
    }
}
