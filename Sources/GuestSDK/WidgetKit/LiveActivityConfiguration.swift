import ActivityKit
import Foundation
import SwiftUI

// A widget extension's declarations, as an app target that shares its
// files compiles them (Foqos's Live Activity). The emulated device has no
// Home Screen, Lock Screen or Dynamic Island: a widget's configuration is a
// value no host ever asks for, and its views are never drawn.

/// Apple: "The configuration and content of a widget to display on the
/// Home Screen or in Notification Center."
@MainActor @preconcurrency
public protocol Widget {
    associatedtype Body: WidgetConfiguration
    init()
    var body: Body { get }
}

/// Apple: "A type that describes a widget's content."
@MainActor @preconcurrency
public protocol WidgetConfiguration {}

/// Apple: "An object that describes the content of a Live Activity."
public struct ActivityConfiguration<Attributes: ActivityAttributes>: WidgetConfiguration {
    public init<Content: View>(
        for attributesType: Attributes.Type,
        @ViewBuilder content: @escaping (ActivityViewContext<Attributes>) -> Content,
        dynamicIsland: @escaping (ActivityViewContext<Attributes>) -> DynamicIsland
    ) {}
}

/// What a Live Activity's views are handed: its attributes and state.
public struct ActivityViewContext<Attributes: ActivityAttributes> {
    public let attributes: Attributes
    public let state: Attributes.ContentState
}

/// A Live Activity's layouts in the Dynamic Island.
public struct DynamicIsland {
    public init<Expanded: DynamicIslandContent, CompactLeading: View, CompactTrailing: View, Minimal: View>(
        @DynamicIslandExpandedContentBuilder expanded: () -> Expanded,
        @ViewBuilder compactLeading: () -> CompactLeading,
        @ViewBuilder compactTrailing: () -> CompactTrailing,
        @ViewBuilder minimal: () -> Minimal
    ) {}

    public func widgetURL(_ url: URL?) -> DynamicIsland { self }
    public func keylineTint(_ color: Color?) -> DynamicIsland { self }
}

public enum DynamicIslandMode: Hashable, Sendable { case compact, minimal, expanded }

/// The content of the expanded Dynamic Island: its regions.
public protocol DynamicIslandContent {}

public struct DynamicIslandExpandedRegion<Content: View>: DynamicIslandContent {
    public init(
        _ position: DynamicIslandExpandedRegionPosition, priority: Double = 0, @ViewBuilder content: () -> Content
    ) {}
}

public struct DynamicIslandExpandedRegionPosition: Hashable, Sendable {
    let name: String
    public static let leading = DynamicIslandExpandedRegionPosition(name: "leading")
    public static let trailing = DynamicIslandExpandedRegionPosition(name: "trailing")
    public static let center = DynamicIslandExpandedRegionPosition(name: "center")
    public static let bottom = DynamicIslandExpandedRegionPosition(name: "bottom")
}

/// The regions of one expanded Dynamic Island block.
public struct DynamicIslandRegions: DynamicIslandContent {}

@resultBuilder
public enum DynamicIslandExpandedContentBuilder {
    public static func buildBlock<each Region: DynamicIslandContent>(_ regions: repeat each Region)
        -> DynamicIslandRegions
    {
        DynamicIslandRegions()
    }
    public static func buildOptional<Region: DynamicIslandContent>(_ region: Region?) -> DynamicIslandRegions {
        DynamicIslandRegions()
    }
    public static func buildEither<Region: DynamicIslandContent>(first: Region) -> DynamicIslandRegions {
        DynamicIslandRegions()
    }
    public static func buildEither<Region: DynamicIslandContent>(second: Region) -> DynamicIslandRegions {
        DynamicIslandRegions()
    }
}

/// Which presentation of a Live Activity a preview shows.
public enum ActivityPreviewViewKind: Hashable, Sendable {
    case content
    case dynamicIsland(DynamicIslandMode)
}

extension View {
    /// The URL the system opens the app with when the widget is tapped.
    public func widgetURL(_ url: URL?) -> some View {
        ModifiedContent(content: self, modifier: NamedModifier("widgetURL"))
    }
    public func activityBackgroundTint(_ color: Color?) -> some View {
        ModifiedContent(content: self, modifier: NamedModifier("activityBackgroundTint"))
    }
    public func activitySystemActionForegroundColor(_ color: Color?) -> some View {
        ModifiedContent(content: self, modifier: NamedModifier("activitySystemActionForegroundColor"))
    }
    public func containerBackground<S: ShapeStyle>(_ style: S, for container: ContainerBackgroundPlacement) -> some View
    {
        ModifiedContent(content: self, modifier: NamedModifier("containerBackground"))
    }
}

public struct ContainerBackgroundPlacement: Hashable, Sendable {
    let name: String
    public static let widget = ContainerBackgroundPlacement(name: "widget")
}
