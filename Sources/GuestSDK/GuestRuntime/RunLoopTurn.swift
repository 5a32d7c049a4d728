import OALSystem

/// The end of a turn of the app's main run loop, where iOS does work apps
/// count on without asking: SwiftData's main context autosaves there. On
/// a device the run loop turns by itself; in a guest process the harness
/// hands the app one piece of main-actor work at a time (a launch, a tap,
/// an intent, a tag held up) and ends the turn after each. A stand-in
/// registers what it does at a turn's end.
@MainActor
public enum RunLoopTurn {
    private static var observers: [(what: String, body: @MainActor () throws -> Void)] = []

    /// Runs `body` at the end of every turn from now on; `what` names it
    /// when it fails.
    public static func onEnd(_ what: String, _ body: @escaping @MainActor () throws -> Void) {
        observers.append((what, body))
    }

    /// The turn ends: every registered piece of work runs, in the order
    /// registered. One that fails is written to stderr, naming it, and the
    /// rest still run: iOS logs a failed autosave and the app goes on.
    public static func end() {
        for observer in observers {
            do {
                try observer.body()
            } catch {
                StandardStream.error.write(
                    "guest runtime: \(observer.what) at the end of a run-loop turn failed: \(error)\n")
            }
        }
    }
}
