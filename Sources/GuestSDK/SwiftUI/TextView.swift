import Foundation

// `Text` is a value (SwiftUIValues.swift); here it is also a view, with the
// modifiers that return `Text` so texts can be joined with `+`.

extension Text: View {
    public var body: Never { Unrendered.body(of: "Text") }

    public enum DateStyle: Hashable, Sendable {
        case time, date, relative, offset, timer
    }

    /// A date shown in a style, as its formatted text now, in the device's
    /// time zone.
    public init(_ date: Date, style: DateStyle) {
        self.init(verbatim: Self.deviceFormatted(date))
    }

    public init(
        timerInterval: ClosedRange<Date>, pauseTime: Date? = nil, countsDown: Bool = true, showsHours: Bool = true
    ) {
        let (start, end) = (timerInterval.lowerBound, timerInterval.upperBound)
        self.init(verbatim: "\(Self.deviceFormatted(start))–\(Self.deviceFormatted(end))")
    }

    static func deviceFormatted(_ date: Date) -> String {
        let calendar = DeviceCalendar.current
        return date.formatted(Date.FormatStyle(calendar: calendar, timeZone: calendar.timeZone))
    }

    public init<F: FormatStyle>(_ input: F.FormatInput, format: F) where F.FormatOutput == String {
        self.init(verbatim: format.format(input))
    }

    public init(_ image: Image) { self.init(verbatim: "") }

    public static func + (lhs: Text, rhs: Text) -> Text { Text(verbatim: lhs.description + rhs.description) }

    public func font(_ font: Font?) -> Text { self }
    public func fontWeight(_ weight: Font.Weight?) -> Text { self }
    public func fontDesign(_ design: Font.Design?) -> Text { self }
    public func bold() -> Text { self }
    public func bold(_ isActive: Bool) -> Text { self }
    public func italic() -> Text { self }
    public func monospacedDigit() -> Text { self }
    public func monospaced(_ isActive: Bool = true) -> Text { self }
    public func foregroundColor(_ color: Color?) -> Text { self }
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> Text { self }
    public func kerning(_ kerning: CGFloat) -> Text { self }
    public func tracking(_ tracking: CGFloat) -> Text { self }
    public func baselineOffset(_ baselineOffset: CGFloat) -> Text { self }
}

/// An image of the asset catalog, an SF Symbol, or a UIKit image.
public struct Image: View, Hashable, Sendable {
    let name: String

    public init(_ name: String, bundle: Bundle? = nil) { self.name = name }
    public init(systemName: String) { name = "systemName(\(systemName))" }
    public init(uiImage: UIImage) { name = "uiImage" }
    public init(decorative name: String, bundle: Bundle? = nil) { self.name = name }

    public var body: Never { Unrendered.body(of: "Image") }

    public enum ResizingMode: Hashable, Sendable { case tile, stretch }
    public enum TemplateRenderingMode: Hashable, Sendable { case template, original }
    public enum Interpolation: Hashable, Sendable { case none, low, medium, high }

    public func resizable(capInsets: EdgeInsets = EdgeInsets(), resizingMode: ResizingMode = .stretch) -> Image {
        self
    }
    public func renderingMode(_ renderingMode: TemplateRenderingMode?) -> Image { self }
    public func interpolation(_ interpolation: Interpolation) -> Image { self }
    public func symbolRenderingMode(_ mode: SymbolRenderingMode?) -> Image { self }
}

public struct SymbolRenderingMode: Hashable, Sendable {
    let name: String
    public static let monochrome = SymbolRenderingMode(name: "monochrome")
    public static let hierarchical = SymbolRenderingMode(name: "hierarchical")
    public static let multicolor = SymbolRenderingMode(name: "multicolor")
    public static let palette = SymbolRenderingMode(name: "palette")
}
