import Foundation
import GuestFoundation
import UIKit

// SwiftUI's value types that an app's logic (not its views) stores or
// passes around: a preset's colours, a layout decision from a size class,
// copy wrapped in `Text`. Views are not emulated: a guest file that
// declares one is left out of the build (docs/GUEST.md), and any other
// SwiftUI API is a compile error naming it.

/// A colour, by its components or its system name.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public let description: String

    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        description = "rgba(\(red), \(green), \(blue), \(opacity))"
    }

    public init(white: Double, opacity: Double = 1) {
        description = "white(\(white), \(opacity))"
    }

    public init(_ color: UIColor) { description = color.name }

    /// A colour of the asset catalog, by name.
    public init(_ name: String, bundle: Bundle? = nil) { description = "asset(\(name))" }

    private init(named name: String) { description = name }

    // swift-format-ignore: DontRepeatTypeInStaticProperties
    public static let accentColor = Color(named: "accentColor")
    public static let primary = Color(named: "primary")
    public static let secondary = Color(named: "secondary")
    public static let clear = Color(named: "clear")
    public static let black = Color(named: "black")
    public static let white = Color(named: "white")
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

    public func opacity(_ opacity: Double) -> Color { Color(named: "\(description) × \(opacity)") }
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
