/// Apple: "A custom parameter attribute that constructs views from
/// closures." Each statement becomes a child; `if` and `switch` become
/// `_ConditionalContent`, an `if` without `else` an optional view.
@resultBuilder @MainActor @preconcurrency
public enum ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }

    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }

    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<
        (repeat each Content)
    > {
        TupleView((repeat each content))
    }

    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }

    public static func buildOptional<Content: View>(_ content: Content?) -> Content? { content }

    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent)
        -> _ConditionalContent<TrueContent, FalseContent>
    { _ConditionalContent(.trueContent(first)) }

    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent)
        -> _ConditionalContent<TrueContent, FalseContent>
    { _ConditionalContent(.falseContent(second)) }

    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}

/// The children of a `ViewBuilder` block.
public struct TupleView<T>: View {
    public var value: T
    public init(_ value: T) { self.value = value }
    public var body: Never { Unrendered.body(of: "TupleView") }
}

/// One branch of an `if` or `switch` in a `ViewBuilder` block.
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: View {
    public enum Storage {
        case trueContent(TrueContent)
        case falseContent(FalseContent)
    }
    public let storage: Storage
    init(_ storage: Storage) { self.storage = storage }
    public var body: Never { Unrendered.body(of: "_ConditionalContent") }
}

extension Optional: View where Wrapped: View {
    public var body: Never { Unrendered.body(of: "Optional") }
}

public struct EmptyView: View {
    public init() {}
    public var body: Never { Unrendered.body(of: "EmptyView") }
}

/// A type-erased view.
public struct AnyView: View {
    public let base: any View
    public init<V: View>(_ view: V) { base = view }
    public init<V: View>(erasing view: V) { base = view }
    public var body: Never { Unrendered.body(of: "AnyView") }
}
