import Foundation

// Views that lay out other views. Each keeps its content as SwiftUI does
// (a stack evaluates its builder when made; `ForEach` and `GeometryReader`
// keep theirs to call per element or size), and is never drawn.

public struct VStack<Content: View>: View {
    public let content: Content
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content)
    { self.content = content() }
    public var body: Never { Unrendered.body(of: "VStack") }
}

public struct HStack<Content: View>: View {
    public let content: Content
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.content = content()
    }
    public var body: Never { Unrendered.body(of: "HStack") }
}

public struct ZStack<Content: View>: View {
    public let content: Content
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) { self.content = content() }
    public var body: Never { Unrendered.body(of: "ZStack") }
}

public struct LazyVStack<Content: View>: View {
    public let content: Content
    public init(
        alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, pinnedViews: PinnedScrollableViews = [],
        @ViewBuilder content: () -> Content
    ) { self.content = content() }
    public var body: Never { Unrendered.body(of: "LazyVStack") }
}

public struct LazyHStack<Content: View>: View {
    public let content: Content
    public init(
        alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, pinnedViews: PinnedScrollableViews = [],
        @ViewBuilder content: () -> Content
    ) { self.content = content() }
    public var body: Never { Unrendered.body(of: "LazyHStack") }
}

public struct PinnedScrollableViews: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
}

public struct GridItem: Sendable {
    public enum Size: Sendable {
        case fixed(CGFloat)
        case flexible(minimum: CGFloat = 10, maximum: CGFloat = .infinity)
    }
    public var size: Size
    public init(_ size: Size = .flexible(), spacing: CGFloat? = nil, alignment: Alignment? = nil) { self.size = size }
}

public struct LazyVGrid<Content: View>: View {
    public let content: Content
    public init(
        columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
        pinnedViews: PinnedScrollableViews = [], @ViewBuilder content: () -> Content
    ) { self.content = content() }
    public var body: Never { Unrendered.body(of: "LazyVGrid") }
}

public struct LazyHGrid<Content: View>: View {
    public let content: Content
    public init(
        rows: [GridItem], alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
        pinnedViews: PinnedScrollableViews = [], @ViewBuilder content: () -> Content
    ) { self.content = content() }
    public var body: Never { Unrendered.body(of: "LazyHGrid") }
}

public struct Group<Content> {
    public let content: Content
}

extension Group: View where Content: View {
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    public var body: Never { Unrendered.body(of: "Group") }
}

public struct Spacer: View {
    public init(minLength: CGFloat? = nil) {}
    public var body: Never { Unrendered.body(of: "Spacer") }
}

public struct Divider: View {
    public init() {}
    public var body: Never { Unrendered.body(of: "Divider") }
}

public struct ScrollView<Content: View>: View {
    public let content: Content
    public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) {
        self.content = content()
    }
    public var body: Never { Unrendered.body(of: "ScrollView") }
}

/// A view per element of a collection, made when drawn.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content> {
    public var data: Data
    public var content: (Data.Element) -> Content
}

extension ForEach: View where Content: View {
    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content)
    {
        self.data = data
        self.content = content
    }

    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content)
    where Data.Element: Identifiable, ID == Data.Element.ID {
        self.data = data
        self.content = content
    }

    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content)
    where Data == Range<Int>, ID == Int {
        self.data = data
        self.content = content
    }

    public var body: Never { Unrendered.body(of: "ForEach") }
}

/// A view made from the size it is offered: never offered one here.
public struct GeometryReader<Content: View>: View {
    public var content: (GeometryProxy) -> Content
    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) { self.content = content }
    public var body: Never { Unrendered.body(of: "GeometryReader") }
}

public struct NavigationStack<Root: View>: View {
    public let root: Root
    public init(@ViewBuilder root: () -> Root) { self.root = root() }
    public init<Path>(path: Binding<Path>, @ViewBuilder root: () -> Root) { self.root = root() }
    public var body: Never { Unrendered.body(of: "NavigationStack") }
}

public struct NavigationView<Content: View>: View {
    public let content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    public var body: Never { Unrendered.body(of: "NavigationView") }
}

public struct NavigationLink<Label: View, Destination: View>: View {
    public init(@ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) {}
    public init(destination: Destination, @ViewBuilder label: () -> Label) {}
    public init<S: StringProtocol>(_ title: S, @ViewBuilder destination: () -> Destination) where Label == Text {}
    public init<S: StringProtocol>(_ title: S, destination: Destination) where Label == Text {}
    public init<P: Hashable>(value: P?, @ViewBuilder label: () -> Label) where Destination == Never {}
    public var body: Never { Unrendered.body(of: "NavigationLink") }
}

public struct List<SelectionValue: Hashable, Content: View>: View {
    public let content: Content
    public init(@ViewBuilder content: () -> Content) where SelectionValue == Never { self.content = content() }
    public init(selection: Binding<SelectionValue?>?, @ViewBuilder content: () -> Content) {
        self.content = content()
    }
    public init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable, SelectionValue == Never {
        content = ForEach(data, content: rowContent)
    }
    public var body: Never { Unrendered.body(of: "List") }
}

public struct Form<Content: View>: View {
    public let content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    public var body: Never { Unrendered.body(of: "Form") }
}

public struct Section<Parent, Content, Footer> {
    public let content: Content
}

extension Section: View where Parent: View, Content: View, Footer: View {
    public init(
        @ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent, @ViewBuilder footer: () -> Footer
    ) { self.content = content() }
    public init(header: Parent, footer: Footer, @ViewBuilder content: () -> Content) { self.content = content() }
    public var body: Never { Unrendered.body(of: "Section") }
}

extension Section where Parent == EmptyView, Content: View, Footer == EmptyView {
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
}

extension Section where Parent: View, Content: View, Footer == EmptyView {
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) { self.content = content() }
    public init(header: Parent, @ViewBuilder content: () -> Content) { self.content = content() }
}

extension Section where Parent == EmptyView, Content: View, Footer: View {
    public init(@ViewBuilder content: () -> Content, @ViewBuilder footer: () -> Footer) { self.content = content() }
    public init(footer: Footer, @ViewBuilder content: () -> Content) { self.content = content() }
}

extension Section where Parent == Text, Content: View, Footer == EmptyView {
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) { self.content = content() }
}

public struct TabView<SelectionValue: Hashable, Content: View>: View {
    public let content: Content
    public init(selection: Binding<SelectionValue>?, @ViewBuilder content: () -> Content) { self.content = content() }
    public init(@ViewBuilder content: () -> Content) where SelectionValue == Int { self.content = content() }
    public var body: Never { Unrendered.body(of: "TabView") }
}
