import Foundation

extension RunSpec {
    /// The same run in lockstep: what a free-running run's reproduce
    /// lines replay, since a free-running run itself cannot be replayed.
    public var lockstep: RunSpec {
        var spec = self
        spec.freeRunningSpeed = nil
        return spec
    }
}
