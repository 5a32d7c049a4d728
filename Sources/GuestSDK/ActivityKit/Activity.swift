import Foundation
import GuestRuntime

/// A Live Activity (https://developer.apple.com/documentation/activitykit/activity).
///
/// Live Activities are off on the emulated device (no Lock Screen, no
/// Dynamic Island; `ActivityAuthorizationInfo().areActivitiesEnabled` is
/// false), so none is ever started: `request` throws
/// `ActivityAuthorizationError.denied`, Apple's error for a person who
/// turned Live Activities off, and `activities` is empty. No instance
/// exists, so `update` and `end` cannot be reached; they stop the process,
/// naming the call, rather than pretend.
public final class Activity<Attributes>: Identifiable, @unchecked Sendable where Attributes: ActivityAttributes {
    public typealias ContentState = Attributes.ContentState

    /// The activity's unique identifier.
    public let id: String
    /// Its static attributes.
    public let attributes: Attributes
    /// Its current content.
    public let content: ActivityContent<Attributes.ContentState>

    private init(id: String, attributes: Attributes, content: ActivityContent<Attributes.ContentState>) {
        self.id = id
        self.attributes = attributes
        self.content = content
    }

    /// The app's ongoing Live Activities of this type: none
    /// (https://developer.apple.com/documentation/activitykit/activity/activities).
    public static var activities: [Activity<Attributes>] { [] }

    /// Throws `ActivityAuthorizationError.denied`: Live Activities are off
    /// (https://developer.apple.com/documentation/activitykit/activity/request(attributes:content:pushtype:),
    /// https://developer.apple.com/documentation/activitykit/activityauthorizationerror/denied).
    public static func request(
        attributes: Attributes, content: ActivityContent<Activity<Attributes>.ContentState>, pushType: PushType? = nil
    ) throws -> Activity<Attributes> {
        throw ActivityAuthorizationError.denied
    }

    /// Updates the Live Activity's content
    /// (https://developer.apple.com/documentation/activitykit/activity/update(_:)).
    public func update(_ content: ActivityContent<Activity<Attributes>.ContentState>) async {
        GuestDevice.fail(
            "Activity.update(_:): no Live Activity can exist on the emulated device (Live Activities are off)")
    }

    /// Ends the Live Activity
    /// (https://developer.apple.com/documentation/activitykit/activity/end(_:dismissalpolicy:)).
    public func end(
        _ content: ActivityContent<Activity<Attributes>.ContentState>?,
        dismissalPolicy: ActivityUIDismissalPolicy = .default
    ) async {
        GuestDevice.fail(
            "Activity.end(_:dismissalPolicy:): no Live Activity can exist on the emulated device (Live Activities are off)"
        )
    }
}
