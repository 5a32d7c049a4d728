import Foundation

/// What a Live Activity shows: its static attributes, and the dynamic
/// `ContentState` an update changes
/// (https://developer.apple.com/documentation/activitykit/activityattributes).
public protocol ActivityAttributes: Decodable, Encodable {
    /// The dynamic content of the Live Activity.
    associatedtype ContentState: Decodable, Encodable, Hashable
}
