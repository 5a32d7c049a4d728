import Foundation

// UIKit's additions to Foundation's attributed strings: the attributes a
// string is drawn with, and measuring and drawing it. The emulated device
// has no screen: drawing records the string and its rectangle in the image
// being rendered (`UIGraphicsImageRenderer`), and measuring uses a nominal
// metric (each character one em wide, each line `UIFont.lineHeight` tall).

/// `NSTextAlignment`.
public enum NSTextAlignment: Int, Hashable, Sendable {
    case left, center, right, justified, natural
}

/// `NSParagraphStyle`: how a paragraph is laid out.
open class NSParagraphStyle: @unchecked Sendable {
    public internal(set) var alignment: NSTextAlignment = .natural

    public init() {}

    public static let `default` = NSParagraphStyle()
}

/// `NSMutableParagraphStyle`.
open class NSMutableParagraphStyle: NSParagraphStyle, @unchecked Sendable {
    override public var alignment: NSTextAlignment {
        get { super.alignment }
        set { super.alignment = newValue }
    }
}

extension NSAttributedString.Key {
    /// Apple: "The font of the text." A `UIFont`.
    public static let font = NSAttributedString.Key("NSFont")
    /// Apple: "The paragraph style of the text." An `NSParagraphStyle`.
    public static let paragraphStyle = NSAttributedString.Key("NSParagraphStyle")
    /// Apple: "The color of the text." A `UIColor`.
    public static let foregroundColor = NSAttributedString.Key("NSColor")
}

/// `NSStringDrawingOptions`.
public struct NSStringDrawingOptions: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let usesLineFragmentOrigin = NSStringDrawingOptions(rawValue: 1 << 0)
    public static let usesFontLeading = NSStringDrawingOptions(rawValue: 1 << 1)
}

/// `NSStringDrawingContext`: accepted, and unused (no scaling is emulated).
open class NSStringDrawingContext {
    public init() {}
}

extension NSAttributedString {
    /// The font of the string's first character, or the system font at
    /// 12 points (UIKit's default for an attributed string without one).
    var drawingFont: UIFont {
        guard length > 0 else { return UIFont.systemFont(ofSize: 12) }
        return attribute(.font, at: 0, effectiveRange: nil) as? UIFont ?? UIFont.systemFont(ofSize: 12)
    }

    /// Apple: "Returns the bounding rectangle necessary to draw the string."
    /// Measured with the nominal metric: the longest line's characters one
    /// em each (at most `size.width`), the lines `UIFont.lineHeight` each.
    public func boundingRect(
        with size: CGSize, options: NSStringDrawingOptions = [], context: NSStringDrawingContext?
    ) -> CGRect {
        let font = drawingFont
        let lines = string.split(separator: "\n", omittingEmptySubsequences: false)
        let longest = lines.map(\.count).max() ?? 0
        let width = min(CGFloat(longest) * font.pointSize, size.width)
        let height = min(CGFloat(lines.count) * font.lineHeight, size.height)
        return CGRect(x: 0, y: 0, width: width, height: height)
    }

    /// Apple: "Draws the attributed string inside the specified bounding
    /// rectangle in the current graphics context." The current context is
    /// an image renderer's (the emulator has no other): the string and its
    /// rectangle are recorded in that image. With none, the process stops
    /// naming the call: nothing could show what was drawn.
    public func draw(in rect: CGRect) {
        GraphicsContextStack.current(for: "NSAttributedString.draw(in:)")
            .record(UIImage.Drawing(text: string, rect: rect))
    }
}
