/// What the emulated OS runs while a preempted launch is stopped at its
/// pause point (`preempt ... with WHAT`, docs/FAULTS.md): each is something
/// that can happen at that instant on a phone.
public enum Interleaving: String, Codable, Hashable, Sendable, CaseIterable, Comparable {
    /// The next scenario line, if it is due at that instant.
    case step
    /// A DeviceActivity callback due at that instant that the device would
    /// deliver after the stopped launch (another edge of the same instant,
    /// an owed callback, a held one falling due).
    case callback
    /// A one-shot `oal-app refresh` (the foreground loop's tick, or the user
    /// opening the app), unless a fault keeps the app closed.
    case refresh
    /// A second launch of the same extension with the same arguments.
    case relaunch

    public static func < (a: Interleaving, b: Interleaving) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
