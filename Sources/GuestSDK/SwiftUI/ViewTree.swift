/// The emulator's look inside a view an app presents (not Apple's API):
/// the views of one type it would show, found by asking each composed view
/// for its `body`, as SwiftUI does when it draws a sheet, and by reading
/// the children primitive views keep (stacks, modifiers, `if` branches).
/// Nothing is drawn; it is how the device finds the scanner on a sheet
/// the app put up (docs/PLATFORM.md, "NFC and codes").
public enum ViewTree {
    /// How deep a presented view is searched: deeper than any screen an app
    /// builds, and a stop for a value that contains itself.
    static let depthLimit = 64

    /// Every `T` in `root`'s drawn tree, in the order SwiftUI would draw them.
    @MainActor public static func views<T>(of type: T.Type, in root: Any) -> [T] {
        var found: [T] = []
        visit(root, depth: 0, into: &found)
        return found
    }

    @MainActor private static func visit<T>(_ value: Any, depth: Int, into found: inout [T]) {
        guard depth < depthLimit else { return }
        if let match = value as? T {
            found.append(match)
            return
        }
        if let view = value as? any View, let body = drawnBody(of: view) {
            visit(body, depth: depth + 1, into: &found)
            return
        }
        // A primitive view, a tuple of views or an `if`'s branch: its
        // children are stored values. Objects (models, bindings' boxes)
        // are not part of what is drawn.
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .struct, .tuple, .enum, .optional:
            for child in mirror.children { visit(child.value, depth: depth + 1, into: &found) }
        default:
            return
        }
    }

    /// A composed view's body; nil for a primitive one (its `Body` is
    /// `Never`, which SwiftUI never asks for).
    @MainActor private static func drawnBody<V: View>(of view: V) -> Any? {
        V.Body.self == Never.self ? nil : view.body
    }
}
