import Foundation

/// How a Live Activity receives updates over push notifications
/// (https://developer.apple.com/documentation/activitykit/pushtype).
public struct PushType: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case token
        case channel(String)
    }

    let kind: Kind

    /// Updates sent to the activity's own push token.
    public static let token = PushType(kind: .token)
    /// Updates broadcast on a channel.
    public static func channel(_ channelId: String) -> PushType { PushType(kind: .channel(channelId)) }
}
