import OALSystem
import Testing

/// A command's words as a harness and the oracle both read them.
@Suite("Setting words")
struct SettingWordsTests {
    @Test func settingsArePulledOutOfThePlainWords() {
        let words = SettingWords(splitting: "profile add Work strategy=nfc --apps A,B unlock-nfc=desk strategy=qr")
        #expect(words.plain == ["profile", "add", "Work", "--apps", "A,B"])
        #expect(words.settings == ["strategy": "qr", "unlock-nfc": "desk"])
        #expect(words.option("apps") == "A,B" && words.option("minutes") == nil)
    }

    /// A value may hold `=`; a word starting with it names no key.
    @Test func onlyTheFirstEqualsSplitsAndAKeyIsNeverEmpty() {
        let words = SettingWords(["url=https://x.test/?a=b", "=odd", "--minutes"])
        #expect(words.settings == ["url": "https://x.test/?a=b"])
        #expect(words.plain == ["=odd", "--minutes"] && words.option("minutes") == nil)
    }
}
