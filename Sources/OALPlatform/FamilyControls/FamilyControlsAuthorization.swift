import Foundation
import OALStore

/// The app's FamilyControls authorization on the emulated device,
/// `<root>/system/familycontrols-authorization.json`: what
/// `AuthorizationCenter.authorizationStatus` answers, and what the device
/// asks before it honours the app's ManagedSettings stores. Apple:
/// "Managed Settings can't function without [...] authorizing your app
/// using Family Controls" (ManagedSettings, "Manage settings on devices in
/// a Family Sharing group"), and a store's settings "will only be honored
/// if the application is authorized via FamilyControls" (developer forums,
/// thread 729637).
public struct FamilyControlsAuthorization: Sendable {
    /// `AuthorizationStatus`, with its raw values, which are what the file
    /// holds (GuestSDK's public enum has the same ones).
    public enum Status: Int, Codable, Hashable, Sendable, CustomStringConvertible {
        case notDetermined
        case denied
        case approved
        case approvedWithDataAccess

        /// Both approved states let the app's settings and monitoring work.
        public var isApproved: Bool { self == .approved || self == .approvedWithDataAccess }

        public var description: String {
            switch self {
            case .notDetermined: "notDetermined"
            case .denied: "denied"
            case .approved: "approved"
            case .approvedWithDataAccess: "approvedWithDataAccess"
            }
        }
    }

    struct Document: Codable, Hashable, Sendable {
        var status: Status
    }

    public static let storeName = "familycontrols-authorization"
    public static let format = "oal.familycontrols-authorization"
    public static let version = 1

    private let system: AppGroupContainer
    private let observer: StoreAccessObserver?
    private let path: String

    public init(system: AppGroupContainer, observer: StoreAccessObserver? = nil) throws {
        self.system = system
        self.observer = observer
        path = try system.filePath(Self.storeName + ".json")
    }

    /// Opened on use: a device whose status was never recorded has no
    /// file, and opening it would make its lock file in every root.
    private func file() throws -> DocumentFile<Document> {
        try DocumentFile(
            container: system, name: Self.storeName, format: Self.format, version: Self.version, observer: observer)
    }

    /// The status now. A device that never recorded one is `approved`:
    /// every scenario's user set the app up, and its rules only work so.
    /// `ManagedSettingsDirectory.effective()` asks at every look, so that
    /// case takes no lock.
    public func status() throws -> Status {
        guard FileManager.default.fileExists(atPath: path) else { return .approved }
        return try file().read()?.status ?? .approved
    }

    /// Changes the status in one locked step; `body` sees the current one.
    public func update(_ body: (inout Status) -> Void) throws {
        try file().update { (document: inout Document?) in
            var status = document?.status ?? .approved
            body(&status)
            document = Document(status: status)
        }
    }
}
