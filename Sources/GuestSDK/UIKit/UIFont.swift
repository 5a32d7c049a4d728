import Foundation

/// A font as text layout needs it: a name and a size. The emulator lays no
/// glyphs out; its one metric is nominal (below), stated where it is used.
public final class UIFont: Hashable, Sendable, CustomStringConvertible {
    public let fontName: String
    public let pointSize: CGFloat

    init(fontName: String, pointSize: CGFloat) {
        self.fontName = fontName
        self.pointSize = pointSize
    }

    /// Apple: "Returns the font object for standard interface items in the
    /// specified size."
    public static func systemFont(ofSize fontSize: CGFloat) -> UIFont {
        UIFont(fontName: ".SFUI-Regular", pointSize: fontSize)
    }

    /// The height of one line. Nominal: 1.2 × the point size (the system
    /// font's is about 1.19); the emulator renders no pixels.
    public var lineHeight: CGFloat { pointSize * 1.2 }

    public var description: String { "\(fontName) \(pointSize)" }
    public static func == (lhs: UIFont, rhs: UIFont) -> Bool {
        lhs.fontName == rhs.fontName && lhs.pointSize == rhs.pointSize
    }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(fontName)
        hasher.combine(pointSize)
    }
}
