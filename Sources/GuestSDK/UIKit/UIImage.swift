import Foundation

/// An image. The emulated device draws no pixels: an image is its size and
/// what was drawn into it (each string and its rectangle), which is what a
/// shield's icon prints as.
public final class UIImage: Hashable, @unchecked Sendable, CustomStringConvertible {
    public struct Drawing: Hashable, Sendable {
        public var text: String
        public var rect: CGRect

        public init(text: String, rect: CGRect) {
            self.text = text
            self.rect = rect
        }

        public func hash(into hasher: inout Hasher) {
            hasher.combine(text)
            for value in [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height] { hasher.combine(value) }
        }
    }

    public let size: CGSize
    public let drawings: [Drawing]

    init(size: CGSize, drawings: [Drawing]) {
        self.size = size
        self.drawings = drawings
    }

    /// An image of the app's asset catalog. The guest build bundles no
    /// assets (the snapshots leave them out), so the process stops naming it.
    public convenience init?(named name: String) {
        fatalError(
            "UIImage(named: \"\(name)\") is not emulated: the guest build bundles no asset catalog (docs/PLATFORM.md)")
    }

    /// `image 96×96 drawing "📵"`.
    public var description: String {
        let texts = drawings.map { "\"\($0.text)\"" }.joined(separator: ", ")
        return "image \(Int(size.width))×\(Int(size.height))" + (texts.isEmpty ? "" : " drawing \(texts)")
    }

    public static func == (lhs: UIImage, rhs: UIImage) -> Bool {
        lhs.size == rhs.size && lhs.drawings == rhs.drawings
    }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(size.width)
        hasher.combine(size.height)
        hasher.combine(drawings)
    }
}
