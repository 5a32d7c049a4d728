/// The words of a command or a scenario step, split into `KEY=VALUE`
/// settings and the plain words around them (`profile add Work
/// strategy=nfc --apps A`), the way a guest's harness reads a command and
/// the oracle reads the same command back from the trace, so both take
/// the same words as settings. A word with no `=`, or one starting with
/// it, is plain; a key given twice keeps its last value.
public struct SettingWords: Hashable, Sendable {
    public let settings: [String: String]
    public let plain: [String]

    public init<Word: StringProtocol>(_ words: [Word]) {
        var settings: [String: String] = [:]
        var plain: [String] = []
        for word in words {
            if let equals = word.firstIndex(of: "="), equals != word.startIndex {
                settings[String(word[..<equals])] = String(word[word.index(after: equals)...])
            } else {
                plain.append(String(word))
            }
        }
        self.settings = settings
        self.plain = plain
    }

    /// The words of `text`, split at spaces.
    public init(splitting text: String) {
        self.init(text.split(separator: " "))
    }

    /// The word after `--NAME` among the plain words.
    public func option(_ name: String) -> String? {
        plain.firstIndex(of: "--\(name)").flatMap { plain.indices.contains($0 + 1) ? plain[$0 + 1] : nil }
    }
}
