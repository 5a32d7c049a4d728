import Foundation

/// The Home tab's two lists.
public struct HomeSections: Hashable, Sendable {
    /// Rules blocking right now (status `active`): schedules in their
    /// window and limit rules whose budget is spent.
    public var currentlyBlocking: [Rule]
    /// Enabled limit rules on today that are not blocking: under budget,
    /// open-limit rules behind their proactive gate, and soft-unblocked
    /// (paused) rules.
    public var usage: [Rule]

    public init(currentlyBlocking: [Rule], usage: [Rule]) {
        self.currentlyBlocking = currentlyBlocking
        self.usage = usage
    }
}
