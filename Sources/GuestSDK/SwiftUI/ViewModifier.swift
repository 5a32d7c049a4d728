/// Apple: "A modifier that you apply to a view or another view modifier,
/// producing a different version of the original value."
@MainActor @preconcurrency
public protocol ViewModifier {
    associatedtype Body: View
    typealias Content = _ViewModifier_Content<Self>
    @ViewBuilder func body(content: Content) -> Body
}

/// The view a `ViewModifier`'s body is handed.
public struct _ViewModifier_Content<Modifier: ViewModifier>: View {
    public var body: Never { Unrendered.body(of: "_ViewModifier_Content") }
}

/// A view with a modifier applied.
public struct ModifiedContent<Content, Modifier> {
    public var content: Content
    public var modifier: Modifier
    public init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }
}

extension ModifiedContent: View where Content: View {
    public var body: Never { Unrendered.body(of: "ModifiedContent") }
}

/// One of SwiftUI's built-in modifiers, by name (`padding`, `font`).
public struct NamedModifier: Sendable {
    public let name: String
    public init(_ name: String) { self.name = name }
}

extension View {
    public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> {
        ModifiedContent(content: self, modifier: modifier)
    }

    /// A built-in modifier's result.
    func modified(_ name: String) -> ModifiedContent<Self, NamedModifier> {
        ModifiedContent(content: self, modifier: NamedModifier(name))
    }
}
