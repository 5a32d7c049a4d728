/// `TOOL COMMAND --help`: the part of a tool's usage text that documents
/// COMMAND, so a user asking about one command reads its lines, not the
/// whole page. A usage text is a first line, then entries: a line indented
/// two spaces that starts with the command's words, and the lines under it
/// indented further. The closing paragraph (exit codes, conventions) is
/// kept. Unknown words give the whole text back.
public enum UsageSection {
    public static func of(_ usage: String, command words: [String]) -> String {
        let lines = usage.components(separatedBy: "\n")
        guard let header = lines.first, !words.isEmpty else { return usage }
        let prefix = "  " + words.joined(separator: " ")
        var kept: [String] = []
        var inEntry = false
        var trailer: [String] = []
        var sawBlank = false
        for line in lines.dropFirst() {
            if line.isEmpty {
                inEntry = false
                sawBlank = true
                continue
            }
            let entryStart = line.hasPrefix("  ") && !line.hasPrefix("   ")
            if entryStart {
                let matches = line.hasPrefix(prefix + " ") || line == prefix || line.hasPrefix(prefix + "\t")
                inEntry = matches || (inEntry && line.hasPrefix("  " + words[0] + " ..."))
                if inEntry { kept.append(line) }
            } else if line.hasPrefix(" ") {
                if inEntry { kept.append(line) }
            } else if sawBlank {
                trailer.append(line)
            }
        }
        guard !kept.isEmpty else { return usage }
        return ([header, ""] + kept + (trailer.isEmpty ? [] : [""] + trailer)).joined(separator: "\n")
    }
}
