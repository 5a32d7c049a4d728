import Foundation

/// A widget the person has on the Home Screen, Lock Screen or Today view,
/// as `WidgetCenter.getCurrentConfigurations(_:)` lists it
/// (https://developer.apple.com/documentation/widgetkit/widgetinfo). The
/// emulated device shows no widgets, so none is ever made.
public struct WidgetInfo: Hashable, Sendable {
    /// The kind the widget's configuration declares.
    public let kind: String
    /// The size or shape the widget has.
    public let family: WidgetFamily
}

/// The sizes and shapes a widget comes in
/// (https://developer.apple.com/documentation/widgetkit/widgetfamily).
public enum WidgetFamily: Hashable, Sendable, CaseIterable {
    case systemSmall
    case accessoryRectangular
    case accessoryInline
}
