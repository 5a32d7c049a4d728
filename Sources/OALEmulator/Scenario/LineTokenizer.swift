/// Splits one scenario line into words: whitespace separates, double quotes
/// group (with `\"` and `\\` inside), and `#` starts a comment where a word
/// could start (at the line's start or after white space). Inside a word it
/// is text, so a crash point's occurrence (`POINT#2`) survives.
enum LineTokenizer {
    enum Failure: Error, Equatable {
        case unterminatedQuote
    }

    static func words(_ line: Substring) throws(Failure) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var inQuotes = false
        var escaping = false
        for character in line {
            if inQuotes {
                if escaping {
                    current.append(character)
                    escaping = false
                } else if character == "\\" {
                    escaping = true
                } else if character == "\"" {
                    inQuotes = false
                } else {
                    current.append(character)
                }
                continue
            }
            if character == "#" && !inWord { break }
            if character == "\"" {
                inQuotes = true
                inWord = true
            } else if character.isWhitespace {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        if inQuotes { throw .unterminatedQuote }
        if inWord { words.append(current) }
        return words
    }
}
