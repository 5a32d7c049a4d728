import Foundation

/// A granted open: the one-shot activity whose end re-shields the rule,
/// and the expiry to record in the session store.
public struct OpenSessionPlan: Hashable, Codable, Sendable {
    public var activity: MonitoredActivity
    public var expiry: Date

    public init(activity: MonitoredActivity, expiry: Date) {
        self.activity = activity
        self.expiry = expiry
    }
}
