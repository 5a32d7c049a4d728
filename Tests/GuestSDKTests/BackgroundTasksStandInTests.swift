import BackgroundTasks
import Foundation
import Testing

/// BackgroundTasks on a device that never launches background work
/// (docs/PLATFORM.md, "What Foqos's unit tests reach").
@Suite("BackgroundTasks stand-in")
struct BackgroundTasksStandInTests {
    /// https://developer.apple.com/documentation/backgroundtasks/bgtaskscheduler/error/code/unavailable:
    /// "the app or extension can't schedule background work", as on the
    /// Simulator. Foqos's `TimersUtil.scheduleBackgroundProcessing()` request.
    @Test func submitThrowsUnavailable() throws {
        let processing = BGProcessingTaskRequest(identifier: "com.foqos.backgroundprocessing")
        processing.requiresNetworkConnectivity = false
        processing.requiresExternalPower = false
        processing.earliestBeginDate = Date(timeIntervalSince1970: 1_800_000_000)
        let refresh = BGAppRefreshTaskRequest(identifier: "refresh-\(UUID().uuidString)")
        for request in [processing, refresh] as [BGTaskRequest] {
            let error = #expect(throws: BGTaskScheduler.Error.self) { try BGTaskScheduler.shared.submit(request) }
            #expect(error?.code == .unavailable)
            #expect(error?.errorCode == 1)
            #expect(BGTaskScheduler.Error.errorDomain == "BGTaskSchedulerErrorDomain")
        }
        do {
            try BGTaskScheduler.shared.submit(processing)
            Issue.record("submit(_:) returned")
        } catch BGTaskScheduler.Error.unavailable {
            // A bridged error matches its code, as `catch` clauses on iOS do.
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    /// https://developer.apple.com/documentation/backgroundtasks/bgtaskscheduler/register(fortaskwithidentifier:using:launchhandler:):
    /// the handler is registered (true); as nothing is ever submitted,
    /// nothing is pending and it is never called.
    @Test func registerKeepsTheHandlerAndNothingIsPending() async {
        let identifier = "com.foqos.test.\(UUID().uuidString)"
        let called = LockedFlag()
        let registered = BGTaskScheduler.shared.register(forTaskWithIdentifier: identifier, using: nil) { task in
            called.set()
            task.setTaskCompleted(success: false)
        }
        #expect(registered)
        #expect(BGTaskScheduler.shared.isRegistered(identifier))
        #expect(await BGTaskScheduler.shared.pendingTaskRequests().isEmpty)
        BGTaskScheduler.shared.cancel(taskRequestWithIdentifier: identifier)
        BGTaskScheduler.shared.cancelAllTaskRequests()
        #expect(!called.isSet)
    }
}

final class LockedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}
