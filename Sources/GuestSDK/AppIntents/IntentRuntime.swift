import GuestRuntime

/// The emulated iOS's side of a running intent: its mode, whether the app
/// may come forward, and how it comes forward. The guest harness starts a
/// run (`run(_:...)`) in the app's process; `perform()` called any other
/// way (a unit test calling it directly) runs with no runtime: in the
/// background, unable to come forward.
public enum IntentRuntime {
    /// One intent's run, as the harness describes it.
    public final class Run: @unchecked Sendable {
        let lock = NSLock()
        var foreground: Bool
        /// Whether the device would bring the app forward now (false under
        /// the `intent foreground-refused` fault).
        public let canComeForward: Bool
        /// Makes the app frontmost, as a scene becoming active.
        let bringForward: @Sendable () async throws -> Void
        /// What the intent asked of the runtime, in order (traced by the harness).
        public private(set) var events: [String] = []

        public init(
            foreground: Bool, canComeForward: Bool, bringForward: @escaping @Sendable () async throws -> Void
        ) {
            self.foreground = foreground
            self.canComeForward = canComeForward
            self.bringForward = bringForward
        }

        var mode: IntentModes.Current {
            lock.withLock {
                IntentModes.Current(isForeground: foreground, canContinueInForeground: !foreground && canComeForward)
            }
        }

        /// Whether the app is in front now (it came forward, or began there).
        public var isForeground: Bool { lock.withLock { foreground } }

        func note(_ event: String) { lock.withLock { events.append(event) } }
    }

    @TaskLocal static var current: Run?

    static var currentMode: IntentModes.Current { current?.mode ?? .background }

    /// Runs `intent.perform()` within `run`: dependencies resolved first,
    /// an intent whose modes name only the foreground brought forward
    /// before it runs (`.immediate`), one that is `.deferred` and still in
    /// the background brought forward at its end.
    public static func perform<Intent: AppIntent>(_ intent: Intent, in run: Run) async throws -> IntentResultReport {
        await AppDependencyManager.shared.resolveAll()
        // Entities named by the step are found by their queries, which may
        // read the dependencies just resolved.
        for parameter in intent.parameters.values { try await parameter.resolvePendingEntity() }
        let modes = Intent.supportedModes
        if !modes.contains(.background), modes.contains(.foreground), !run.foreground {
            try await comeForward(run, intent: String(describing: Intent.self), reason: "immediate")
        }
        let result: Intent.PerformResult
        do {
            result = try await $current.withValue(run) { try await intent.perform() }
        } catch let error as AppIntentError where error.code == .needsToContinueInForeground {
            // The action goes on in the app, brought forward: the intent's
            // own part is over, with nothing to return.
            try await comeForward(
                run, intent: String(describing: Intent.self), reason: "needsToContinueInForegroundError")
            return IntentResultReport(value: nil, dialog: error.dialog?.text)
        }
        if modes.contains(.foreground(.deferred)), !run.foreground {
            try await comeForward(run, intent: String(describing: Intent.self), reason: "deferred")
        }
        return result.report
    }

    static func continueInForeground(
        intent: String, supportedModes: IntentModes, dialog: IntentDialog?, alwaysConfirm: Bool
    ) async throws {
        guard let run = current else {
            throw AppIntentError(
                .foregroundUnavailable,
                message: "\(intent).continueInForeground: no intent runtime (perform() was called directly)")
        }
        guard supportedModes.contains(.foreground(.dynamic)) || supportedModes.contains(.foreground(.deferred))
        else {
            throw AppIntentError(
                .unsupportedMode,
                message: "\(intent).continueInForeground: supportedModes has no .foreground(.dynamic) or .deferred")
        }
        if run.mode.isForeground { return }
        try await comeForward(run, intent: intent, reason: "continueInForeground")
    }

    static func comeForward(_ run: Run, intent: String, reason: String) async throws {
        guard run.canComeForward else {
            run.note("foreground refused (\(reason))")
            throw AppIntentError(
                .foregroundUnavailable, message: "\(intent): the app could not come to the foreground (\(reason))")
        }
        try await run.bringForward()
        run.lock.withLock { run.foreground = true }
        run.note("foreground (\(reason))")
    }

    /// Stops the process naming what the guest did wrong.
    static func fail(_ message: String) -> Never { GuestDevice.fail("AppIntents: \(message)") }
}
