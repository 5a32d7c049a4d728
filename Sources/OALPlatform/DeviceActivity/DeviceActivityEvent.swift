import OALDomain

/// A usage threshold inside an activity: it is reached when the covered
/// apps have together been frontmost for `thresholdMinutes` during the
/// current interval.
public struct DeviceActivityEvent: Codable, Hashable, Sendable {
    public var selection: AppSelection
    public var thresholdMinutes: Int

    public init(selection: AppSelection, thresholdMinutes: Int) {
        self.selection = selection
        self.thresholdMinutes = thresholdMinutes
    }
}
