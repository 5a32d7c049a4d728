import Foundation

/// A colour: a name, and its sRGB components when they are known. The
/// emulated shield prints text, so a colour is shown by its name; its
/// components are kept so that `getRed(_:green:blue:alpha:)` answers as
/// UIKit does for a colour it can convert.
public final class UIColor: Hashable, Sendable, CustomStringConvertible {
    public let name: String
    /// Red, green, blue, alpha in 0...1, when known.
    public let components: (red: Double, green: Double, blue: Double, alpha: Double)?

    /// A colour named by the emulator (a system colour, a SwiftUI colour
    /// handed to `UIColor(_:)`), with its components when it has fixed ones.
    public init(emulatedName name: String, components: (red: Double, green: Double, blue: Double, alpha: Double)?) {
        self.name = name
        self.components = components
    }

    /// `UIColor(red:green:blue:alpha:)`: sRGB components, each 0...1.
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        let parts = (Double(red), Double(green), Double(blue), Double(alpha))
        self.init(emulatedName: "rgba(\(parts.0), \(parts.1), \(parts.2), \(parts.3))", components: parts)
    }

    /// `UIColor(white:alpha:)`.
    public convenience init(white: CGFloat, alpha: CGFloat) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    // Light-appearance values of the system colours (Apple's Human
    // Interface Guidelines, "Color": label is black, secondaryLabel is
    // #3C3C43 at 60%, systemBlue is #007AFF).
    public static let label = UIColor(emulatedName: "label", components: (0, 0, 0, 1))
    public static let secondaryLabel = UIColor(
        emulatedName: "secondaryLabel", components: (60 / 255, 60 / 255, 67 / 255, 0.6))
    public static let white = UIColor(emulatedName: "white", components: (1, 1, 1, 1))
    public static let black = UIColor(emulatedName: "black", components: (0, 0, 0, 1))
    public static let clear = UIColor(emulatedName: "clear", components: (0, 0, 0, 0))
    public static let systemBlue = UIColor(emulatedName: "systemBlue", components: (0, 122 / 255, 1, 1))
    // The backgrounds, fills and separator, light appearance (the HIG's
    // "Color", "Background colors"): systemBackground is white, the
    // grouped background #F2F2F7, secondarySystemFill #787880 at 16%,
    // separator #3C3C43 at 29%.
    public static let systemBackground = UIColor(emulatedName: "systemBackground", components: (1, 1, 1, 1))
    public static let secondarySystemBackground = UIColor(
        emulatedName: "secondarySystemBackground", components: (242 / 255, 242 / 255, 247 / 255, 1))
    public static let systemGroupedBackground = UIColor(
        emulatedName: "systemGroupedBackground", components: (242 / 255, 242 / 255, 247 / 255, 1))
    public static let secondarySystemGroupedBackground = UIColor(
        emulatedName: "secondarySystemGroupedBackground", components: (1, 1, 1, 1))
    public static let secondarySystemFill = UIColor(
        emulatedName: "secondarySystemFill", components: (120 / 255, 120 / 255, 128 / 255, 0.16))
    public static let separator = UIColor(
        emulatedName: "separator", components: (60 / 255, 60 / 255, 67 / 255, 0.29))
    // The fixed colours UIKit names (`UIColor.gray` is 50% white).
    public static let gray = UIColor(emulatedName: "gray", components: (0.5, 0.5, 0.5, 1))
    public static let red = UIColor(emulatedName: "red", components: (1, 0, 0, 1))
    public static let orange = UIColor(emulatedName: "orange", components: (1, 0.5, 0, 1))

    /// Apple: "Creates a color object that has the same color space and
    /// component values as the receiver, but has the specified alpha."
    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        UIColor(
            emulatedName: "\(name) × \(Double(alpha))",
            components: components.map { ($0.red, $0.green, $0.blue, Double(alpha)) })
    }

    /// Apple: "Returns the components that form the color in the RGB color
    /// space"; false when the colour cannot be converted (here: a colour
    /// whose components the emulator does not know, such as an asset's).
    public func getRed(
        _ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?,
        blue: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?
    ) -> Bool {
        guard let components else { return false }
        red?.pointee = CGFloat(components.red)
        green?.pointee = CGFloat(components.green)
        blue?.pointee = CGFloat(components.blue)
        alpha?.pointee = CGFloat(components.alpha)
        return true
    }

    public var description: String { name }
    public static func == (lhs: UIColor, rhs: UIColor) -> Bool { lhs.name == rhs.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

public enum UIBlurEffect {
    /// The blur styles a shield's background takes.
    public enum Style: Hashable, Sendable {
        case systemMaterial
        case light
        case dark
        case regular
    }
}
