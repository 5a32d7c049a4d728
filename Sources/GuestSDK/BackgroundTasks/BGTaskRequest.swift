import Foundation

/// A request to launch the app in the background
/// (https://developer.apple.com/documentation/backgroundtasks/bgtaskrequest);
/// an abstract class: the app makes one of its two subclasses.
open class BGTaskRequest: @unchecked Sendable {
    /// The identifier the task's launch handler was registered with.
    public let identifier: String
    /// The earliest date the task may start; nil for no start delay.
    open var earliestBeginDate: Date?

    init(identifier: String) { self.identifier = identifier }
}

/// A request to launch the app briefly to refresh its content
/// (https://developer.apple.com/documentation/backgroundtasks/bgapprefreshtaskrequest).
public final class BGAppRefreshTaskRequest: BGTaskRequest, @unchecked Sendable {
    override public init(identifier: String) { super.init(identifier: identifier) }
}

/// A request to launch the app for a long, deferrable task
/// (https://developer.apple.com/documentation/backgroundtasks/bgprocessingtaskrequest).
public final class BGProcessingTaskRequest: BGTaskRequest, @unchecked Sendable {
    /// Whether the task needs a network connection; false by default
    /// (.../bgprocessingtaskrequest/requiresnetworkconnectivity).
    public var requiresNetworkConnectivity = false
    /// Whether the task runs only while the device is charging; false by
    /// default (.../bgprocessingtaskrequest/requiresexternalpower).
    public var requiresExternalPower = false

    override public init(identifier: String) { super.init(identifier: identifier) }
}
