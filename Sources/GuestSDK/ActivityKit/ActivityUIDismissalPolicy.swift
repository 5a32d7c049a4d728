import Foundation

/// When the system removes an ended Live Activity from the Lock Screen
/// (https://developer.apple.com/documentation/activitykit/activityuidismissalpolicy).
public struct ActivityUIDismissalPolicy: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case `default`
        case immediate
        case after(Date)
    }

    let kind: Kind

    /// Up to four hours on the Lock Screen after it ends.
    public static let `default` = ActivityUIDismissalPolicy(kind: .default)
    /// Removed at once.
    public static let immediate = ActivityUIDismissalPolicy(kind: .immediate)
    /// Removed at `date`, within four hours of its end.
    public static func after(_ date: Date) -> ActivityUIDismissalPolicy {
        ActivityUIDismissalPolicy(kind: .after(date))
    }
}
