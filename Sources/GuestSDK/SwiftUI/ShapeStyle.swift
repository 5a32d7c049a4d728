import Foundation

/// Apple: "A color or pattern to use when rendering a shape." Colours,
/// gradients, materials and the hierarchical levels (`.secondary`).
public protocol ShapeStyle: Sendable {}

extension Color: ShapeStyle {}

extension ShapeStyle where Self == Color {
    public static var clear: Color { Color.clear }
    public static var black: Color { Color.black }
    public static var white: Color { Color.white }
    public static var gray: Color { Color.gray }
    public static var red: Color { Color.red }
    public static var orange: Color { Color.orange }
    public static var yellow: Color { Color.yellow }
    public static var green: Color { Color.green }
    public static var mint: Color { Color.mint }
    public static var teal: Color { Color.teal }
    public static var cyan: Color { Color.cyan }
    public static var blue: Color { Color.blue }
    public static var indigo: Color { Color.indigo }
    public static var purple: Color { Color.purple }
    public static var pink: Color { Color.pink }
    public static var brown: Color { Color.brown }
    public static var accentColor: Color { Color.accentColor }
}

/// `.primary`, `.secondary`, ...: the foreground's levels.
public struct HierarchicalShapeStyle: ShapeStyle, Hashable {
    let level: Int
    public static let primary = HierarchicalShapeStyle(level: 0)
    public static let secondary = HierarchicalShapeStyle(level: 1)
    public static let tertiary = HierarchicalShapeStyle(level: 2)
    public static let quaternary = HierarchicalShapeStyle(level: 3)
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
    public static var primary: HierarchicalShapeStyle { .primary }
    public static var secondary: HierarchicalShapeStyle { .secondary }
    public static var tertiary: HierarchicalShapeStyle { .tertiary }
    public static var quaternary: HierarchicalShapeStyle { .quaternary }
}

/// A blur behind a view (`.ultraThinMaterial`).
// swift-format-ignore: DontRepeatTypeInStaticProperties
public struct Material: ShapeStyle, Hashable {
    let name: String
    public static let ultraThinMaterial = Material(name: "ultraThin")
    public static let thinMaterial = Material(name: "thin")
    public static let regularMaterial = Material(name: "regular")
    public static let thickMaterial = Material(name: "thick")
    public static let ultraThickMaterial = Material(name: "ultraThick")
    public static let bar = Material(name: "bar")
}

// swift-format-ignore: DontRepeatTypeInStaticProperties
extension ShapeStyle where Self == Material {
    public static var ultraThinMaterial: Material { .ultraThinMaterial }
    public static var thinMaterial: Material { .thinMaterial }
    public static var regularMaterial: Material { .regularMaterial }
    public static var thickMaterial: Material { .thickMaterial }
    public static var ultraThickMaterial: Material { .ultraThickMaterial }
    public static var bar: Material { .bar }
}

/// Whatever a tint or foreground already is (`.tint`).
public struct TintShapeStyle: ShapeStyle, Hashable {
    public init() {}
}

extension ShapeStyle where Self == TintShapeStyle {
    public static var tint: TintShapeStyle { TintShapeStyle() }
}

public struct AnyShapeStyle: ShapeStyle {
    public init<S: ShapeStyle>(_ style: S) {}
}

public struct Gradient: Hashable, Sendable {
    public struct Stop: Hashable, Sendable {
        public var color: Color
        public var location: CGFloat
        public init(color: Color, location: CGFloat) { (self.color, self.location) = (color, location) }
    }
    public var stops: [Stop]
    public init(colors: [Color]) {
        stops = colors.enumerated().map {
            Stop(color: $0.element, location: colors.count < 2 ? 0 : CGFloat($0.offset) / CGFloat(colors.count - 1))
        }
    }
    public init(stops: [Stop]) { self.stops = stops }
}

public struct LinearGradient: ShapeStyle, View {
    public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) {}
    public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {}
    public init(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) {}
    public var body: Never { Unrendered.body(of: "LinearGradient") }
}

public struct RadialGradient: ShapeStyle, View {
    public init(gradient: Gradient, center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {}
    public init(colors: [Color], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {}
    public var body: Never { Unrendered.body(of: "RadialGradient") }
}

public struct AngularGradient: ShapeStyle, View {
    public init(gradient: Gradient, center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .zero) {}
    public init(colors: [Color], center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .zero) {}
    public init(gradient: Gradient, center: UnitPoint, angle: Angle = .zero) {}
    public init(colors: [Color], center: UnitPoint, angle: Angle = .zero) {}
    public var body: Never { Unrendered.body(of: "AngularGradient") }
}

extension Color: View {
    public var body: Never { Unrendered.body(of: "Color") }
}
