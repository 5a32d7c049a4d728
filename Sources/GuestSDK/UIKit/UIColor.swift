/// The colours a shield configuration takes, by name: the emulated shield
/// prints text, so a colour is only its name.
public final class UIColor: Hashable, Sendable, CustomStringConvertible {
    public let name: String

    private init(_ name: String) { self.name = name }

    public static let label = UIColor("label")
    public static let secondaryLabel = UIColor("secondaryLabel")
    public static let white = UIColor("white")
    public static let systemBlue = UIColor("systemBlue")

    public var description: String { name }
    public static func == (lhs: UIColor, rhs: UIColor) -> Bool { lhs.name == rhs.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

public enum UIBlurEffect {
    public enum Style: Hashable, Sendable {
        case systemMaterial
    }
}
