import Combine
import Foundation
import GuestRuntime
import OALPlatform

/// Who the app asks Screen Time access for.
public enum FamilyControlsMember: Hashable, Sendable {
    case individual
    case child
}

/// The app's Screen Time access, as the system records it.
public enum AuthorizationStatus: Int, Hashable, Sendable, Codable {
    case notDetermined
    case denied
    case approved
    case approvedWithDataAccess
}

/// FamilyControls' errors.
public enum FamilyControlsError: Error, Hashable, Sendable {
    case unavailable
    case invalidAccountType
    case invalidArgument
    case authorizationCanceled
}

/// `AuthorizationCenter.shared`: the app's Screen Time authorization on the
/// emulated device, `<root>/system/familycontrols-authorization.json`
/// (`OALPlatform.FamilyControlsAuthorization`, which the device also reads
/// before it honours a store). A device root starts with the access
/// granted (`approved`), as every scenario's user set the app up: its
/// rules only work with it. A request is answered approved, as the user
/// taps Allow; the scenario step `authorization revoke` denies it, as the
/// user switching the app off in Settings does.
public final class AuthorizationCenter: @unchecked Sendable {
    public static let shared = AuthorizationCenter()

    private init() {}

    /// The status now; `$authorizationStatus.values` is it at once and
    /// then on every change (another process's request or revocation),
    /// read from the device file as it changes.
    @DeviceAuthorizationStatus public var authorizationStatus: AuthorizationStatus

    static func readStatus() -> AuthorizationStatus {
        guard GuestDevice.isInstalled else {
            GuestDevice.fail("AuthorizationCenter.authorizationStatus needs the emulated device")
        }
        do { return AuthorizationStatus(try GuestDevice.context.platform.authorization.status()) } catch {
            GuestDevice.fail("AuthorizationCenter.authorizationStatus: \(error)")
        }
    }

    public func requestAuthorization(for member: FamilyControlsMember) async throws {
        guard member == .individual else { throw FamilyControlsError.invalidAccountType }
        do {
            try GuestDevice.context.platform.authorization.update { status in
                if status != .denied { status = .approved }
            }
        } catch {
            GuestDevice.fail("AuthorizationCenter.requestAuthorization(for:): \(error)")
        }
        GuestDevice.context.record("familycontrols.authorization", ["status": "\(authorizationStatus)"])
        if authorizationStatus == .denied { throw FamilyControlsError.authorizationCanceled }
    }
}

extension AuthorizationStatus {
    init(_ status: FamilyControlsAuthorization.Status) {
        self = AuthorizationStatus(rawValue: status.rawValue) ?? .notDetermined
    }
}

/// `AuthorizationCenter.authorizationStatus` as Apple's: a published
/// property. Its value is the device file's, and its publisher polls that
/// file (every 250 ms of wall time) for changes made by other processes.
@propertyWrapper
public struct DeviceAuthorizationStatus: Sendable {
    public init() {}

    public var wrappedValue: AuthorizationStatus { AuthorizationCenter.readStatus() }

    public var projectedValue: Published<AuthorizationStatus>.Publisher {
        Published<AuthorizationStatus>.Publisher {
            AsyncStream { continuation in
                let task = Task {
                    var last: AuthorizationStatus?
                    while !Task.isCancelled {
                        let now = AuthorizationCenter.readStatus()
                        if now != last {
                            continuation.yield(now)
                            last = now
                        }
                        try? await Task.sleep(nanoseconds: 250_000_000)
                    }
                    continuation.finish()
                }
                continuation.onTermination = { _ in task.cancel() }
            }
        }
    }
}
