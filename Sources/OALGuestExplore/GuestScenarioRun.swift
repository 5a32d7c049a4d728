import Foundation
import OALEmulator
import OALGuestBuild
import OALPlatform
import OALProcesses
import OALScenario
import OALSystem

/// Plays a scenario against one guest build as a user would, on a fresh
/// device root, and reads the verdict back from the root. It plays in this
/// process through `RunPlayer`, like every other run, except under a
/// deadline (`timeout`, a mutant that may never end): then the run is a
/// `DeviceProcess` that can be stopped without stopping the caller.
public struct GuestScenarioRun: Sendable {
    /// Where `oal-device` and its siblings are.
    public var binDirectory: String
    public var scenario: String
    public var seed: UInt64?
    public var forked: Bool
    /// A guest mutant every launch runs (`OAL_MUTANT=guest-N`).
    public var mutant: String?
    /// Where a mutated copy records each site a launch reaches
    /// (`OAL_MUTANT_COVERAGE`); nil: not recorded.
    public var coverage: URL?
    /// A run still going after this many seconds is stopped (SIGTERM, then
    /// SIGKILL) and reported with exit 124, as timeout(1) does; nil: none.
    public var timeout: TimeInterval?
    /// A generated day (`DayGenerator`, docs/SCENARIOS.md "Generated
    /// days"): `scenario` is written from this seed's day before each
    /// play, which has the seed and its fault mix, as `oal-device explore`
    /// plays it. Nil: a scenario file as it is.
    public var generatedSeed: UInt64?

    public init(binDirectory: String, scenario: String, seed: UInt64? = nil, forked: Bool = true) {
        self.binDirectory = binDirectory
        self.scenario = scenario
        self.seed = seed
        self.forked = forked
    }

    /// The same player (executables, launches, timeout) on seed `seed`'s
    /// generated day, written to `directory/seed-S.scenario`.
    public func generatedDay(seed: UInt64, in directory: URL) -> GuestScenarioRun {
        var day = self
        day.scenario = directory.appendingPathComponent("seed-\(seed).scenario").path
        day.seed = seed
        day.generatedSeed = seed
        return day
    }

    /// The run against `guest` (a build directory), with `source` (the
    /// checkout or `REPO@REV` it was built from) named in reproduce lines.
    public func spec(guest: String, source: String? = nil) -> RunSpec {
        var spec = RunSpec(scenario: scenario, seed: seed, binDirectory: binDirectory)
        spec.guest = guest
        spec.guestSource = source
        spec.launches = forked ? .forked : .cold
        spec.mutant = mutant
        if let generatedSeed { spec = spec.drawing(seed: generatedSeed) }
        return spec
    }

    /// The command that replays it on a new root.
    public func reproduce(guest: String) -> String { spec(guest: guest).command }

    public func play(build: URL, root: URL) throws(GuestBuildError) -> ScenarioVerdict {
        if let generatedSeed {
            let file = URL(fileURLWithPath: scenario)
            do {
                try FileManager.default.createDirectory(
                    at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(DayGenerator.text(seed: generatedSeed).utf8).write(to: file, options: .atomic)
            } catch {
                throw .io("\(scenario): seed \(generatedSeed)'s generated day cannot be written: \(error)")
            }
        }
        let run: ResolvedRun
        do {
            run = try ResolvedRun.resolve(spec(guest: build.path))
        } catch {
            throw .tool("\(scenario) against \(build.path): \(error)")
        }
        let deviceRoot = DeviceRoot(path: root.path)
        guard let timeout else {
            var options = EngineOptions(root: deviceRoot)
            options.mutantCoverageDirectory = coverage
            return ScenarioVerdict(exitCode: Self.playHere(run, options: options), root: deviceRoot)
        }
        var process = DeviceProcess(run: run, log: root.path + ".log")
        process.timeout = timeout
        process.mutantCoverage = coverage
        do {
            try? FileManager.default.removeItem(at: root)
            let created = try process.initialize(root: root)
            guard created == .exited(0) else { throw GuestBuildError.tool("oal-device init ended \(created)") }
            return ScenarioVerdict(exitCode: try process.play(root: root).status, root: deviceRoot)
        } catch let error as GuestBuildError {
            throw error
        } catch {
            throw .tool("could not run \(run.spec.devicePath): \(error)")
        }
    }

    /// The run in this process, ended as `oal-device run` would exit.
    static func playHere(_ run: ResolvedRun, options: EngineOptions) -> Int32 {
        do {
            let result = try RunPlayer.playOnNewRoot(run, options: options)
            guard result.passed else { return ExitCode.checkFailed.rawValue }
            return (result.onlyKnownFindings ? ExitCode.knownFinding : ExitCode.done).rawValue
        } catch let error as EngineError {
            return error.exitCode.rawValue
        } catch {
            return ExitCode.checkFailed.rawValue
        }
    }
}
