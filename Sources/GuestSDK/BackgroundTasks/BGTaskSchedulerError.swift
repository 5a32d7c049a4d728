import Foundation

extension BGTaskScheduler {
    /// The errors of the `BGTaskSchedulerErrorDomain` domain
    /// (https://developer.apple.com/documentation/backgroundtasks/bgtaskscheduler/error).
    public struct Error: Swift.Error, Hashable, Sendable, CustomNSError {
        /// The task scheduling errors
        /// (https://developer.apple.com/documentation/backgroundtasks/bgtaskscheduler/error/code),
        /// with their Objective-C values.
        public enum Code: Int, Hashable, Sendable {
            /// The app or extension can't schedule background work: Background
            /// App Refresh is off, or the app runs where background processing
            /// is not supported (the Simulator; here, the emulated device).
            case unavailable = 1
            /// Too many pending requests of the type asked for.
            case tooManyPendingTaskRequests = 2
            /// The app isn't permitted to launch the task (the identifier is
            /// not in `BGTaskSchedulerPermittedIdentifiers`, or the background
            /// mode is missing).
            case notPermitted = 3
            /// The task cannot be run immediately.
            case immediateRunIneligible = 4
        }

        public let code: Code

        public init(_ code: Code) { self.code = code }

        public static var errorDomain: String { "BGTaskSchedulerErrorDomain" }
        public var errorCode: Int { code.rawValue }

        public static var unavailable: Code { .unavailable }
        public static var tooManyPendingTaskRequests: Code { .tooManyPendingTaskRequests }
        public static var notPermitted: Code { .notPermitted }
        public static var immediateRunIneligible: Code { .immediateRunIneligible }
    }
}

/// `catch BGTaskScheduler.Error.unavailable`, as a bridged error matches its code.
public func ~= (code: BGTaskScheduler.Error.Code, error: any Error) -> Bool {
    (error as? BGTaskScheduler.Error)?.code == code
}
