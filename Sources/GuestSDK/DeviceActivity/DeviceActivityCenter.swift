import Foundation
import GuestRuntime
import OALPlatform

/// `DeviceActivityCenter` over the device's registry,
/// `<root>/system/deviceactivity.json`, which the emulated OS reads to
/// decide which callbacks are due. Every call is traced as the emulator's
/// own app traces it (`monitor.start`, `monitor.restart`, `monitor.stop`,
/// `monitor.refused`, with the activity), so the oracle's named reasons
/// (an activity refused) apply to a guest too.
open class DeviceActivityCenter: @unchecked Sendable {
    public enum MonitoringError: Error, Hashable, Sendable, CustomStringConvertible {
        case excessiveActivities(String)
        case intervalTooLong(String)
        case intervalTooShort(String)
        case invalidDateComponents(String)
        case unauthorized(String)

        public var description: String {
            switch self {
            case .excessiveActivities(let detail), .intervalTooLong(let detail), .intervalTooShort(let detail),
                .invalidDateComponents(let detail), .unauthorized(let detail):
                detail
            }
        }

        public var localizedDescription: String { description }

        init(_ error: OALPlatform.MonitoringError) {
            switch error {
            case .excessiveActivities: self = .excessiveActivities(error.description)
            case .intervalTooLong: self = .intervalTooLong(error.description)
            case .intervalTooShort: self = .intervalTooShort(error.description)
            case .invalidDateComponents, .invalidThreshold: self = .invalidDateComponents(error.description)
            }
        }
    }

    public init() {}

    private var center: OALPlatform.DeviceActivityCenter { GuestDevice.context.platform.deviceActivity }

    /// Every activity this app and its extensions monitor.
    public var activities: [DeviceActivityName] {
        do { return try center.activities().map(DeviceActivityName.init(rawValue:)) } catch {
            GuestDevice.fail("DeviceActivityCenter.activities: \(error)")
        }
    }

    public func startMonitoring(
        _ activity: DeviceActivityName, during schedule: DeviceActivitySchedule,
        events: [DeviceActivityEvent.Name: DeviceActivityEvent] = [:]
    ) throws {
        let name = activity.rawValue
        let context = GuestDevice.context
        let restart = (try? center.activities().contains(name)) ?? false
        do {
            // Apple: `unauthorized`, "the calling process isn't authorized
            // to monitor device activity" (FamilyControls).
            let status = try context.platform.authorization.status()
            guard status.isApproved else {
                throw MonitoringError.unauthorized(
                    "activity '\(name)': the app's FamilyControls authorization is \(status), not approved")
            }
            var platformEvents: [String: OALPlatform.DeviceActivityEvent] = [:]
            for (eventName, event) in events {
                platformEvents[eventName.rawValue] = try event.platform(activity: name, event: eventName)
            }
            try center.startMonitoring(name, during: schedule.platform(activity: name), events: platformEvents)
        } catch let error as OALPlatform.MonitoringError {
            context.record("monitor.refused", ["activity": name, "reason": error.description])
            throw MonitoringError(error)
        } catch let error as MonitoringError {
            context.record("monitor.refused", ["activity": name, "reason": error.description])
            throw error
        } catch {
            GuestDevice.fail("DeviceActivityCenter.startMonitoring(\(name))", error: error)
        }
        context.record(restart ? "monitor.restart" : "monitor.start", ["activity": name, "cause": "guest"])
    }

    /// Stops `activities`, or every activity when empty (as on iOS).
    public func stopMonitoring(_ activities: [DeviceActivityName] = []) {
        let names = activities.isEmpty ? self.activities.map(\.rawValue) : activities.map(\.rawValue)
        do { try center.stopMonitoring(names) } catch {
            GuestDevice.fail("DeviceActivityCenter.stopMonitoring: \(error)")
        }
        for name in names { GuestDevice.context.record("monitor.stop", ["activity": name, "cause": "guest"]) }
    }
}
