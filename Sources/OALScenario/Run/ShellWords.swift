/// The words of a POSIX shell command line, as far as a reproduce line
/// uses them: bare words, single quotes, a backslash before one character
/// (so `'\''` is a quote inside quotes), and `&&` between commands.
/// Anything else a shell would expand (double quotes, `$`, globs) is
/// refused, so a line
/// that parses here means to `sh` what it means to `RunSpec`.
public enum ShellWords {
    public struct Error: Swift.Error, CustomStringConvertible, Equatable {
        public var column: Int
        public var problem: String
        public var description: String { "column \(column): \(problem)" }
    }

    /// Characters a word may hold unquoted without the shell changing it.
    public static let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:=+,@%")

    /// `text` as one shell word: bare when nothing in it is special.
    public static func quote(_ text: String) -> String {
        if !text.isEmpty, text.allSatisfy({ plain.contains($0) }), !text.hasPrefix("-") || text.count > 1 {
            return text
        }
        return "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    public static func split(_ line: String) throws(Error) -> [String] {
        var words: [String] = []
        var word = ""
        var inWord = false
        var quoted = false
        var escaped = false
        for (column, character) in line.enumerated() {
            if escaped {
                word.append(character)
                escaped = false
                continue
            }
            if quoted {
                if character == "'" { quoted = false } else { word.append(character) }
                continue
            }
            switch character {
            case " ", "\t":
                if inWord { words.append(word) }
                word = ""
                inWord = false
            case "'":
                quoted = true
                inWord = true
            case "\\":
                escaped = true
                inWord = true
            case "&":
                // Only `&&`, as its own word.
                word.append(character)
                inWord = true
                if word != "&" && word != "&&" {
                    throw Error(column: column + 1, problem: "'&' is only understood as '&&' between commands")
                }
            case _ where plain.contains(character):
                if word == "&" || word == "&&" {
                    throw Error(column: column + 1, problem: "'&&' must stand apart from the words around it")
                }
                word.append(character)
                inWord = true
            default:
                throw Error(column: column + 1, problem: "'\(character)' would mean something to the shell")
            }
        }
        if quoted { throw Error(column: line.count, problem: "a quote is not closed") }
        if escaped { throw Error(column: line.count, problem: "a backslash ends the line") }
        if inWord { words.append(word) }
        if words.contains("&") {
            throw Error(column: line.count, problem: "a lone '&' runs a command in the background")
        }
        return words
    }
}
