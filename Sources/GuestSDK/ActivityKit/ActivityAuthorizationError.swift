import Foundation

/// Why a request to start a Live Activity failed
/// (https://developer.apple.com/documentation/activitykit/activityauthorizationerror).
/// The cases whose pages this follows, each reason in its page's words;
/// iOS has a few more, which the emulated device never throws.
public enum ActivityAuthorizationError: Error, Hashable, Sendable, LocalizedError {
    case attributesTooLarge
    case denied
    case globalMaximumExceeded
    case malformedActivityIdentifier
    case missingProcessIdentifier
    case persistenceFailure
    case reconnectNotPermitted
    case unentitled
    case visibility

    public var failureReason: String? {
        switch self {
        case .attributesTooLarge: "The provided Live Activity attributes exceeded the maximum size of 4KB."
        case .denied: "A person deactivated Live Activities in Settings."
        case .globalMaximumExceeded: "The device reached the maximum number of ongoing Live Activities."
        case .malformedActivityIdentifier: "The provided activity identifier is malformed."
        case .missingProcessIdentifier:
            "The process that tried to start the Live Activity is missing a process identifier."
        case .persistenceFailure: "The system couldn’t persist the Live Activity."
        case .reconnectNotPermitted:
            "The process that tried to recreate the Live Activity is not the process that originally created the Live Activity."
        case .unentitled: "The app doesn’t have the required entitlement to start a Live Activity."
        case .visibility: "The app tried to start the Live Activity while it was in the background."
        }
    }
}
