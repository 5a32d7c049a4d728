import Foundation
import GuestRuntime

/// Registers launch handlers and schedules background work
/// (https://developer.apple.com/documentation/backgroundtasks/bgtaskscheduler).
///
/// The emulated device never launches the app in the background: every
/// `submit(_:)` throws `BGTaskScheduler.Error(.unavailable)`, which Apple
/// documents for an app that cannot schedule background work, the person
/// having turned Background App Refresh off or the app running on the
/// Simulator
/// (https://developer.apple.com/documentation/backgroundtasks/bgtaskscheduler/error/code/unavailable).
/// Nothing is ever pending, so a launch handler is kept but never called.
public final class BGTaskScheduler: @unchecked Sendable {
    /// The shared scheduler
    /// (https://developer.apple.com/documentation/backgroundtasks/bgtaskscheduler/shared).
    public static let shared = BGTaskScheduler()

    struct Registration {
        var queue: DispatchQueue?
        var launchHandler: (BGTask) -> Void
    }

    private let lock = NSLock()
    private var registrations: [String: Registration] = [:]

    private init() {}

    /// Keeps `launchHandler` for tasks of `identifier` and answers true
    /// (https://developer.apple.com/documentation/backgroundtasks/bgtaskscheduler/register(fortaskwithidentifier:using:launchhandler:)).
    /// Registering an identifier a second time fails an assertion on iOS
    /// (an exception raised inside `register`, developer forums thread
    /// 728585); here the process stops, naming the identifier. Whether the
    /// identifier is in `BGTaskSchedulerPermittedIdentifiers` is not
    /// checked (the guest build reads no Info.plist), so the answer is true.
    @discardableResult
    public func register(
        forTaskWithIdentifier identifier: String, using queue: DispatchQueue?,
        launchHandler: @escaping (BGTask) -> Void
    ) -> Bool {
        let registered = lock.withLock {
            if registrations[identifier] != nil { return false }
            registrations[identifier] = Registration(queue: queue, launchHandler: launchHandler)
            return true
        }
        if !registered {
            GuestDevice.fail(
                "BGTaskScheduler.register(forTaskWithIdentifier: \"\(identifier)\"): a launch handler is already registered for this identifier"
            )
        }
        return true
    }

    /// Throws `.unavailable`: the emulated device runs no background tasks
    /// (https://developer.apple.com/documentation/backgroundtasks/bgtaskscheduler/submit(_:)).
    public func submit(_ taskRequest: BGTaskRequest) throws {
        throw Error(.unavailable)
    }

    /// Cancels the pending request of `identifier`; none is ever pending, so
    /// there is nothing to cancel
    /// (https://developer.apple.com/documentation/backgroundtasks/bgtaskscheduler/cancel(taskrequestwithidentifier:)).
    public func cancel(taskRequestWithIdentifier identifier: String) {}

    /// Cancels every pending request; none is ever pending
    /// (https://developer.apple.com/documentation/backgroundtasks/bgtaskscheduler/cancelalltaskrequests()).
    public func cancelAllTaskRequests() {}

    /// The requests waiting to run: always none, as none is accepted (the
    /// async form of
    /// https://developer.apple.com/documentation/backgroundtasks/bgtaskscheduler/getpendingtaskrequests(completionhandler:)).
    public func pendingTaskRequests() async -> [BGTaskRequest] { [] }

    /// Whether a launch handler is registered for `identifier`.
    package func isRegistered(_ identifier: String) -> Bool { lock.withLock { registrations[identifier] != nil } }
}
