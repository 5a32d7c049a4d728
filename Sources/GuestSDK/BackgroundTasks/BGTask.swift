import Foundation

/// A background task the system launched the app to run
/// (https://developer.apple.com/documentation/backgroundtasks/bgtask). The
/// emulated device never launches one (`BGTaskScheduler.submit(_:)` throws
/// `.unavailable`), so no instance is ever handed to a launch handler.
open class BGTask: @unchecked Sendable {
    /// The identifier of the request the task was launched for.
    public let identifier: String

    private let lock = NSLock()
    private var completion: Bool?

    init(identifier: String) { self.identifier = identifier }

    /// Tells the system the task is done
    /// (https://developer.apple.com/documentation/backgroundtasks/bgtask/settaskcompleted(success:)).
    open func setTaskCompleted(success: Bool) { lock.withLock { completion = success } }

    /// What the app reported through `setTaskCompleted(success:)`, nil until it did.
    package var reportedSuccess: Bool? { lock.withLock { completion } }
}

/// A deferrable task launched for a `BGProcessingTaskRequest`
/// (https://developer.apple.com/documentation/backgroundtasks/bgprocessingtask).
public final class BGProcessingTask: BGTask, @unchecked Sendable {}
