import Foundation

/// `<root-base>/findings.json`, which other tools read: exactly
/// `{"runs": N, "findings": [{"signature", "checks", "count", "seeds",
/// "known", "scenario", "reproduce"}]}`, keys in that order, written by
/// hand so the order is kept. `check` adds `"library"` after `"seeds"`:
/// the library's scenarios (and crash points) that hit the finding, which
/// `count` includes.
public enum FindingsFile {
    public static let name = "findings.json"

    public static func json(runs: Int, findings: [Finding], library: Bool = false) -> String {
        var text = "{\n  \"runs\": \(runs),\n  \"findings\": ["
        text += findings.map { finding in
            var fields = [
                ("signature", string(finding.signature.description)),
                ("checks", "[" + finding.checks.map(string).joined(separator: ", ") + "]"),
                ("count", "\(finding.count)"),
                ("seeds", "[" + finding.seeds.map(String.init).joined(separator: ", ") + "]"),
            ]
            if library { fields.append(("library", "[" + finding.library.map(string).joined(separator: ", ") + "]")) }
            fields += [
                ("known", finding.known ? "true" : "false"),
                ("scenario", string(finding.scenario)),
                ("reproduce", string(finding.reproduce)),
            ]
            return "\n    {\n" + fields.map { "      \(string($0.0)): \($0.1)" }.joined(separator: ",\n") + "\n    }"
        }.joined(separator: ",")
        text += findings.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return text
    }

    /// A JSON string: `"`, `\` and control characters escaped.
    static func string(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
