import Foundation
import OALEmulator
import OALGuestBuild
import OALPlatform
import OALSystem

/// Plays a scenario against one guest build as a user would: a fresh
/// device root, then `oal-device run --guest BUILD` as its own process
/// (forked launches: the same cold run, faster), and the verdict read back
/// from the root.
public struct GuestScenarioRun: Sendable {
    /// The `oal-device` executable.
    public var device: String
    public var scenario: String
    public var seed: UInt64?
    public var forked: Bool
    public var environment: [String: String]
    /// A run still going after this many seconds is stopped (SIGTERM, then
    /// SIGKILL) and reported with exit 124, as timeout(1) does; nil: none.
    public var timeout: TimeInterval?

    public init(
        device: String, scenario: String, seed: UInt64? = nil, forked: Bool = true, environment: [String: String]
    ) {
        self.device = device
        self.scenario = scenario
        self.seed = seed
        self.forked = forked
        self.environment = environment
    }

    /// The run against `guest` (a build directory, or `REPO@REV` in a
    /// reproduce line): its arguments and its reproduce line are the spec's.
    public func spec(guest: String) -> RunSpec {
        var spec = RunSpec(
            scenario: scenario, seed: seed, binDirectory: (device as NSString).deletingLastPathComponent)
        spec.guest = guest
        spec.launches = forked ? .forked : .cold
        return spec
    }

    /// The command that replays it on a new root.
    public func reproduce(guest: String) -> String { spec(guest: guest).command }

    public func play(build: URL, root: URL) throws(GuestBuildError) -> ScenarioVerdict {
        try? FileManager.default.removeItem(at: root)
        let base = root.deletingLastPathComponent().appendingPathComponent(root.lastPathComponent)
        let initLog = URL(fileURLWithPath: base.path + ".init.log")
        let initStatus = try spawn(["init", "--root", root.path, "--scenario", scenario], log: initLog)
        guard initStatus == 0 else {
            throw .tool("oal-device init failed (exit \(initStatus)); see \(initLog.path)")
        }
        let status = try spawn(
            ["run", "--root", root.path, scenario] + spec(guest: build.path).runArguments + ["--quiet"],
            log: URL(fileURLWithPath: base.path + ".run.log"))
        return ScenarioVerdict(exitCode: status, root: DeviceRoot(path: root.path))
    }

    func spawn(_ arguments: [String], log: URL) throws(GuestBuildError) -> Int32 {
        do {
            let child = try ChildProcess.spawn(
                device, arguments: arguments, environment: environment, standardOutput: log.path,
                standardError: log.path)
            let termination: ChildProcess.Termination
            if let timeout {
                guard let ended = try Self.wait(child, seconds: timeout) else { return 124 }
                termination = ended
            } else {
                termination = try child.wait()
            }
            switch termination {
            case .exited(let code): return code
            case .signaled(let signal): return 128 + signal
            }
        } catch {
            throw .tool("could not run \(device): \(error)")
        }
    }

    /// Waits up to `seconds`; then stops the run (its own stop handling
    /// ends every process it started) and returns nil.
    static func wait(_ child: ChildProcess, seconds: TimeInterval) throws -> ChildProcess.Termination? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let ended = try child.poll() { return ended }
            usleep(50_000)
        }
        try? child.signal(SIGTERM)
        let grace = Date().addingTimeInterval(10)
        while Date() < grace {
            if try child.poll() != nil { return nil }
            usleep(50_000)
        }
        try? child.signal(SIGKILL)
        _ = try? child.wait()
        return nil
    }
}
