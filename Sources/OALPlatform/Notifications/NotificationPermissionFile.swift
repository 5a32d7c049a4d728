import Foundation
import OALStore

/// Whether the app may show notifications, as the system records it:
/// `<root>/system/notification-authorization.json`. It starts not
/// determined (a fresh install); the app's request, answered by the
/// simulated user, and the user's switch in Settings (`notifications
/// allow|deny`) change it. Only an allowed status shows a notification:
/// Apple's `UNError.Code.notificationsNotAllowed` ("your app or app
/// extension isn't authorized to schedule notifications").
public struct NotificationPermissionFile: Sendable {
    /// `UNAuthorizationStatus`, by its raw values (the file stores them).
    public enum Status: Int, Codable, Hashable, Sendable, CustomStringConvertible {
        case notDetermined = 0
        case denied = 1
        case authorized = 2
        case provisional = 3
        case ephemeral = 4

        /// Whether a notification of the app is shown (a provisional one
        /// quietly, in Notification Center).
        public var allowsNotifications: Bool { self == .authorized || self == .provisional || self == .ephemeral }

        public var description: String {
            switch self {
            case .notDetermined: "notDetermined"
            case .denied: "denied"
            case .authorized: "authorized"
            case .provisional: "provisional"
            case .ephemeral: "ephemeral"
            }
        }
    }

    struct Document: Codable, Hashable, Sendable {
        var status: Status
    }

    private let file: DocumentFile<Document>

    public init(system: AppGroupContainer, observer: StoreAccessObserver? = nil) throws {
        file = try DocumentFile(
            container: system, name: "notification-authorization", format: "oal.notification-authorization",
            version: 1, observer: observer)
    }

    /// The status now; not determined when nothing was recorded.
    public func status() throws -> Status { try file.read()?.status ?? .notDetermined }

    /// Changes the status under the file's lock; `body` gets the current one.
    @discardableResult
    public func update(_ body: (inout Status) throws -> Void) throws -> Status {
        try file.update { (document: inout Document?) in
            var status = document?.status ?? .notDetermined
            try body(&status)
            document = Document(status: status)
            return status
        }
    }
}
