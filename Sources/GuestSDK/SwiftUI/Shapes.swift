import Foundation

/// Apple: "A 2D shape that you can use when drawing a view." A shape's
/// path is not computed: nothing is drawn.
public protocol Shape: View, Sendable {}

extension Shape {
    public var body: Never { Unrendered.body(of: "\(Self.self)") }
    public func fill<S: ShapeStyle>(_ content: S = Color.primary, style: FillStyle = FillStyle()) -> some View {
        ModifiedContent(content: self, modifier: NamedModifier("fill"))
    }
    public func stroke<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1) -> some View {
        ModifiedContent(content: self, modifier: NamedModifier("stroke"))
    }
    public func stroke<S: ShapeStyle>(_ content: S, style: StrokeStyle) -> some View {
        ModifiedContent(content: self, modifier: NamedModifier("stroke"))
    }
    public func stroke(lineWidth: CGFloat = 1) -> some View {
        ModifiedContent(content: self, modifier: NamedModifier("stroke"))
    }
    public func trim(from startFraction: CGFloat = 0, to endFraction: CGFloat = 1) -> some Shape { self }
}

/// A shape that can be inset for a border drawn inside it.
public protocol InsettableShape: Shape {}

extension InsettableShape {
    public func strokeBorder<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1) -> some View {
        ModifiedContent(content: self, modifier: NamedModifier("strokeBorder"))
    }
    public func strokeBorder<S: ShapeStyle>(_ content: S, style: StrokeStyle) -> some View {
        ModifiedContent(content: self, modifier: NamedModifier("strokeBorder"))
    }
    public func strokeBorder(lineWidth: CGFloat = 1) -> some View {
        ModifiedContent(content: self, modifier: NamedModifier("strokeBorder"))
    }
}

public struct FillStyle: Hashable, Sendable {
    public var isEOFilled: Bool
    public init(eoFill: Bool = false, antialiased: Bool = true) { isEOFilled = eoFill }
}

public struct StrokeStyle: Hashable, Sendable {
    public var lineWidth: CGFloat
    public init(
        lineWidth: CGFloat = 1, lineCap: CGLineCap = .butt, lineJoin: CGLineJoin = .miter, miterLimit: CGFloat = 10,
        dash: [CGFloat] = [], dashPhase: CGFloat = 0
    ) { self.lineWidth = lineWidth }
}

public enum CGLineCap: Int32, Sendable { case butt, round, square }
public enum CGLineJoin: Int32, Sendable { case miter, round }

public enum RoundedCornerStyle: Hashable, Sendable {
    case continuous
}

public struct Rectangle: InsettableShape {
    public init() {}
}

public struct RoundedRectangle: InsettableShape {
    public var cornerSize: CGSize
    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
        cornerSize = CGSize(width: cornerRadius, height: cornerRadius)
    }
    public init(cornerSize: CGSize, style: RoundedCornerStyle = .continuous) { self.cornerSize = cornerSize }
}

public struct Circle: InsettableShape {
    public init() {}
}

public struct Ellipse: InsettableShape {
    public init() {}
}

public struct Capsule: InsettableShape {
    public init(style: RoundedCornerStyle = .continuous) {}
}

extension Shape where Self == Rectangle {
    public static var rect: Rectangle { Rectangle() }
}

extension Shape where Self == RoundedRectangle {
    public static func rect(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) -> RoundedRectangle {
        RoundedRectangle(cornerRadius: cornerRadius, style: style)
    }
}

extension Shape where Self == Circle {
    public static var circle: Circle { Circle() }
}

extension Shape where Self == Capsule {
    public static var capsule: Capsule { Capsule() }
}
