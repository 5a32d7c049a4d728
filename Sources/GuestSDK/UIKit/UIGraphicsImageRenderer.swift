import Foundation

/// Apple: "A graphics renderer for creating Core Graphics-backed images."
/// Here the image records what the actions draw (`UIImage`): the actions
/// run once, synchronously, with the renderer's context current, as
/// UIKit runs them.
public final class UIGraphicsImageRenderer {
    public let size: CGSize

    public init(size: CGSize) { self.size = size }

    public func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
        let context = UIGraphicsImageRendererContext(size: size)
        GraphicsContextStack.push(context)
        defer { GraphicsContextStack.pop() }
        actions(context)
        return UIImage(size: size, drawings: context.drawings)
    }
}

/// The context the actions draw in.
public final class UIGraphicsImageRendererContext {
    public let size: CGSize
    private(set) var drawings: [UIImage.Drawing] = []

    init(size: CGSize) { self.size = size }

    func record(_ drawing: UIImage.Drawing) { drawings.append(drawing) }
}

/// UIKit's current graphics context: the innermost renderer's, per thread.
enum GraphicsContextStack {
    private static let key = "oal.UIKit.GraphicsContextStack"

    static func push(_ context: UIGraphicsImageRendererContext) {
        var stack = Thread.current.threadDictionary[key] as? [UIGraphicsImageRendererContext] ?? []
        stack.append(context)
        Thread.current.threadDictionary[key] = stack
    }

    static func pop() {
        var stack = Thread.current.threadDictionary[key] as? [UIGraphicsImageRendererContext] ?? []
        _ = stack.popLast()
        Thread.current.threadDictionary[key] = stack
    }

    /// The current context; `api` stops the process when there is none.
    static func current(for api: String) -> UIGraphicsImageRendererContext {
        guard let context = (Thread.current.threadDictionary[key] as? [UIGraphicsImageRendererContext])?.last else {
            fatalError(
                "\(api) with no current graphics context: the emulated device has no screen; "
                    + "draw inside UIGraphicsImageRenderer.image(actions:)")
        }
        return context
    }
}
