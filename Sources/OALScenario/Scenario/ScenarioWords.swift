/// Words back to a scenario line, the inverse of `LineTokenizer`: a word
/// is written as it is unless the tokenizer would read it otherwise, then
/// in double quotes with `\"` and `\\` inside.
public enum ScenarioWords {
    /// `words` as one line that `LineTokenizer.words` splits back into them.
    public static func line(_ words: [String]) -> String {
        words.map(quote).joined(separator: " ")
    }

    /// One word, quoted when it needs it: empty, any character the
    /// tokenizer takes for white space (`Character.isWhitespace`, a form
    /// feed as much as a space), a quote, a backslash, or a leading `#`.
    public static func quote(_ word: String) -> String {
        let plain =
            !word.isEmpty && !word.contains(where: { $0.isWhitespace || $0 == "\"" || $0 == "\\" })
            && !word.hasPrefix("#")
        if plain { return word }
        return "\"" + word.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            + "\""
    }
}
