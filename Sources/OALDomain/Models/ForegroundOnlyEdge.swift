import Foundation

/// A schedule-window edge that no background activity can wake the monitor
/// for, so only the app's foreground refresh enforces it. The oracle counts
/// these as named, expected divergences between the two paths.
public struct ForegroundOnlyEdge: Hashable, Codable, Sendable {
    public enum Edge: String, Hashable, Codable, Sendable {
        /// The window's start (shield on).
        case start
        /// The window's end (shield off).
        case end
        /// Both: no activity at all for this window.
        case wholeWindow
    }

    public enum Reason: Hashable, Codable, Sendable {
        /// The interval that would carry the edge is shorter than
        /// DeviceActivity's minimum, which refuses it (`intervalTooShort`).
        case intervalTooShort(minutes: Int)
        /// The window ends at 00:00 after starting the day before; a daily
        /// schedule cannot name that end, and no interval of this rule
        /// starts then.
        case endsAtMidnight
    }

    public var ruleID: UUID
    public var edge: Edge
    public var reason: Reason

    public init(ruleID: UUID, edge: Edge, reason: Reason) {
        self.ruleID = ruleID
        self.edge = edge
        self.reason = reason
    }

    public var explanation: String {
        let what: String
        switch edge {
        case .start: what = "window start"
        case .end: what = "window end"
        case .wholeWindow: what = "whole window"
        }
        switch reason {
        case .intervalTooShort(let minutes):
            return "rule \(ruleID.uuidString): \(what) is foreground-only: its interval is \(minutes) min, "
                + "under DeviceActivity's \(MonitoringPlan.minimumIntervalMinutes)-minute minimum"
        case .endsAtMidnight:
            return "rule \(ruleID.uuidString): \(what) is foreground-only: the window ends exactly at midnight"
        }
    }
}
