/// How a report extension's configuration is printed, one `PATH: VALUE` a
/// line (`total: 1h 12m today`, `apps[0].name: Chess`, `apps[0].seconds:
/// 600`): what the scene made of the device's data, which the oracle reads
/// back. A guest's configuration is printed by walking its stored
/// properties (`Mirror`), so nothing of the guest's type is known here.
public enum ReportConfigurationText {
    /// The lines of `value`'s stored properties, nested ones by path.
    public static func lines(of value: Any) -> [String] {
        var lines: [String] = []
        walk(value, path: "", into: &lines)
        return lines
    }

    /// `PATH: VALUE` lines read back into a dictionary (a later line of one
    /// path wins); lines without `: ` are ignored.
    public static func fields(_ text: String) -> [String: String] {
        var fields: [String: String] = [:]
        for line in text.split(separator: "\n") {
            guard let range = line.range(of: ": ") else { continue }
            fields[String(line[..<range.lowerBound])] = String(line[range.upperBound...])
        }
        return fields
    }

    private static func walk(_ value: Any, path: String, into lines: inout [String]) {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .struct, .class:
            guard !mirror.children.isEmpty else { break }
            for child in mirror.children {
                let name = child.label ?? "_"
                walk(child.value, path: path.isEmpty ? name : "\(path).\(name)", into: &lines)
            }
            return
        case .collection, .set:
            for (index, child) in mirror.children.enumerated() {
                walk(child.value, path: "\(path)[\(index)]", into: &lines)
            }
            if mirror.children.isEmpty { lines.append("\(path): []") }
            return
        case .tuple:
            for (index, child) in mirror.children.enumerated() {
                walk(child.value, path: "\(path).\(child.label ?? String(index))", into: &lines)
            }
            return
        case .optional:
            guard let some = mirror.children.first else {
                lines.append("\(path): nil")
                return
            }
            walk(some.value, path: path, into: &lines)
            return
        default:
            break
        }
        lines.append("\(path.isEmpty ? "value" : path): \(scalar(value))")
    }

    /// A number without a needless fraction (`600`, `42.5`), else its text.
    private static func scalar(_ value: Any) -> String {
        if let double = value as? Double {
            return double == double.rounded() && abs(double) < 1e15 ? String(Int(double)) : String(double)
        }
        return String(describing: value)
    }
}
