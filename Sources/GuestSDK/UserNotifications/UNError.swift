import Foundation

/// UserNotifications' errors. Apple's `UNError.Code.notificationsNotAllowed`:
/// "This error occurs when you try to submit a notification request and
/// your app or app extension isn't authorized to schedule notifications."
public struct UNError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Apple's codes, by their raw values.
    public enum Code: Int, Hashable, Sendable {
        case notificationsNotAllowed = 1
        case attachmentInvalidURL = 100
        case notificationInvalidNoDate = 1400
        case notificationInvalidNoContent = 1401
    }

    public let code: Code

    public init(_ code: Code) { self.code = code }

    public static let notificationsNotAllowed = Code.notificationsNotAllowed

    public var description: String {
        switch code {
        case .notificationsNotAllowed: "UNError.notificationsNotAllowed: notifications are not allowed"
        case .attachmentInvalidURL: "UNError.attachmentInvalidURL"
        case .notificationInvalidNoDate: "UNError.notificationInvalidNoDate"
        case .notificationInvalidNoContent: "UNError.notificationInvalidNoContent"
        }
    }
}
