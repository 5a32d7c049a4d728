/// Splits one scenario line into words: whitespace separates, double quotes
/// group (with `\"` and `\\` inside), and `#` starts a comment where a word
/// could start (at the line's start or after white space). Inside a word it
/// is text, so a crash point's occurrence (`POINT#2`) survives.
public enum LineTokenizer {
    public enum Failure: Error, Equatable {
        case unterminatedQuote
        /// A NUL byte: no process argument can carry one (C strings end at
        /// it), so a word with one would silently be cut there.
        case nul
        /// A word longer than `maximumWordBytes`.
        case wordTooLong(bytes: Int)
        /// A line longer than `maximumLineBytes`.
        case lineTooLong(bytes: Int)
    }

    /// The longest word a scenario may have: far above any name the app
    /// accepts (200 bytes) or any fault text, far below what `execve` takes.
    public static let maximumWordBytes = 4096
    /// The longest line: its words go to one process's argv.
    public static let maximumLineBytes = 65536

    public static func words(_ line: Substring) throws(Failure) -> [String] {
        let bytes = line.utf8.count
        guard bytes <= maximumLineBytes else { throw .lineTooLong(bytes: bytes) }
        guard !line.utf8.contains(0) else { throw .nul }
        let words = try split(line)
        if let long = words.first(where: { $0.utf8.count > maximumWordBytes }) {
            throw .wordTooLong(bytes: long.utf8.count)
        }
        return words
    }

    private static func split(_ line: Substring) throws(Failure) -> [String] {
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
