import Foundation

/// Whether the app may start Live Activities
/// (https://developer.apple.com/documentation/activitykit/activityauthorizationinfo).
/// The emulated device has no Lock Screen and no Dynamic Island: Live
/// Activities are off, as for a person who turned them off in Settings,
/// and the setting never changes.
public struct ActivityAuthorizationInfo: Sendable {
    public init() {}

    /// Whether the app can start a Live Activity: false
    /// (https://developer.apple.com/documentation/activitykit/activityauthorizationinfo/areactivitiesenabled).
    public var areActivitiesEnabled: Bool { false }
}
