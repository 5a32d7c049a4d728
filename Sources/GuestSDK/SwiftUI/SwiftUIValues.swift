import Foundation
import GuestFoundation
import UIKit

// SwiftUI's value types that an app's logic stores or passes around: a
// preset's colours, a layout decision from a size class, copy wrapped in
// `Text`. The views are in View.swift and beside it: they type-check and
// are never drawn (docs/GUEST.md, "SwiftUI"); any other SwiftUI API is a
// compile error naming it.

/// A colour, by its components or its system name. Its sRGB components are
/// kept when known, so `UIColor(_:)` and `getRed` answer as on iOS.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public let description: String
    let red: Double?
    let green: Double?
    let blue: Double?
    let opacity: Double?

    /// Apple's `Color.RGBColorSpace`. Components are kept as given: the
    /// emulator converts between no colour spaces.
    public enum RGBColorSpace: Hashable, Sendable {
        case sRGB
        case sRGBLinear
    }

    public init(_ colorSpace: RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double, opacity: Double = 1) {
        description = "rgba(\(red), \(green), \(blue), \(opacity))"
        (self.red, self.green, self.blue, self.opacity) = (red, green, blue, opacity)
    }

    public init(_ colorSpace: RGBColorSpace = .sRGB, white: Double, opacity: Double = 1) {
        description = "white(\(white), \(opacity))"
        (red, green, blue, self.opacity) = (white, white, white, opacity)
    }

    public init(_ color: UIColor) {
        description = color.name
        (red, green, blue, opacity) =
            color.components.map { ($0.red, $0.green, $0.blue, $0.alpha) } ?? (nil, nil, nil, nil)
    }

    /// A colour of the asset catalog, by name.
    public init(_ name: String, bundle: Bundle? = nil) { self.init(named: "asset(\(name))") }

    private init(named name: String, _ rgba: (Double, Double, Double, Double)? = nil) {
        description = name
        (red, green, blue, opacity) = rgba.map { ($0.0, $0.1, $0.2, $0.3) } ?? (nil, nil, nil, nil)
    }

    var components: (red: Double, green: Double, blue: Double, alpha: Double)? {
        guard let red, let green, let blue, let opacity else { return nil }
        return (red, green, blue, opacity)
    }

    // swift-format-ignore: DontRepeatTypeInStaticProperties
    public static let accentColor = Color(named: "accentColor")
    public static let primary = Color(named: "primary")
    public static let secondary = Color(named: "secondary")
    public static let clear = Color(named: "clear", (0, 0, 0, 0))
    public static let black = Color(named: "black", (0, 0, 0, 1))
    public static let white = Color(named: "white", (1, 1, 1, 1))
    public static let gray = Color(named: "gray")
    public static let red = Color(named: "red")
    public static let orange = Color(named: "orange")
    public static let yellow = Color(named: "yellow")
    public static let green = Color(named: "green")
    public static let mint = Color(named: "mint")
    public static let teal = Color(named: "teal")
    public static let cyan = Color(named: "cyan")
    public static let blue = Color(named: "blue")
    public static let indigo = Color(named: "indigo")
    public static let purple = Color(named: "purple")
    public static let pink = Color(named: "pink")
    public static let brown = Color(named: "brown")

    public func opacity(_ opacity: Double) -> Color {
        Color(
            named: "\(description) × \(opacity)",
            components.map { ($0.red, $0.green, $0.blue, $0.alpha * opacity) })
    }
}

extension UIColor {
    /// Apple's `UIColor(_ color: Color)`: the same colour as a UIKit colour
    /// (its components when known, else its name alone).
    public convenience init(_ color: Color) {
        self.init(emulatedName: color.description, components: color.components)
    }
}

/// `horizontalSizeClass` / `verticalSizeClass` values.
public enum UserInterfaceSizeClass: Hashable, Sendable {
    case compact
    case regular
}

/// Text as a value: what it says, resolved from the guest's string catalog
/// when it is a localized resource. It draws nothing.
public struct Text: Hashable, Sendable, CustomStringConvertible {
    public let description: String

    public init(verbatim content: String) { description = content }

    public init<S: StringProtocol>(_ content: S) { description = String(content) }

    public init(_ resource: LocalizedStringResource) { description = String(localized: resource) }
}
