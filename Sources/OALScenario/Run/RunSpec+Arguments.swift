import Foundation
import OALSystem

/// The spec's side of `oal-device run`'s command line: the options that
/// make a run what it is, read and checked here and nowhere else, so the
/// CLI, a parsed reproduce line and a test agree on what is allowed.
extension RunSpec {
    /// The options of `run` that a spec holds.
    public static let arguments = ArgumentSpec(
        options: ["seed", "paths", "days", "warm", "guest", "speed"],
        flags: ["forked", "random-faults", "free-running"], repeatable: ["fault"])

    /// The spec `oal-device run SCENARIO ...` describes. `parsed` may hold
    /// other options of `run`; of those only `--shrink` is checked here
    /// (it cannot go with `--free-running`). Faults are checked against
    /// the scenario when the run is resolved (`ResolvedRun`).
    public static func parse(scenario: String, _ parsed: ParsedArguments) throws(ProcessFailure) -> RunSpec {
        var spec = RunSpec(scenario: scenario)
        if let text = parsed.value("seed") {
            guard let value = UInt64(text) else { throw .usage("--seed: '\(text)' is not a whole number") }
            spec.seed = value
        }
        spec.randomFaults = parsed.has("random-faults")
        // `--fault` may be given more than once, each one or more faults
        // separated by `;`: a spec holds one per fault.
        spec.faults = parsed.all("fault").flatMap { $0.split(separator: ";") }
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if let text = parsed.value("paths") {
            guard let paths = RunPaths(rawValue: text) else {
                throw .usage("--paths: '\(text)' is not both, background or foreground")
            }
            spec.paths = paths
        }
        spec.days = try parsed.int("days", in: 1...3660)
        spec.guest = parsed.value("guest")
        if parsed.has("free-running") {
            spec.freeRunningSpeed = FreeRunningOptions.defaultSpeed
            if let text = parsed.value("speed") {
                guard let speed = Double(text), FreeRunningOptions.speeds.contains(speed) else {
                    throw .usage("--speed: '\(text)' is not a number from 1 to 100000")
                }
                spec.freeRunningSpeed = speed
            }
        } else if parsed.value("speed") != nil {
            throw .usage("--speed: only with --free-running")
        }
        if let text = parsed.value("warm") {
            guard let value = UInt64(text) else { throw .usage("--warm: '\(text)' is not a whole number") }
            spec.launches = .warm(seed: value)
        }
        if parsed.has("forked") {
            guard spec.launches == .cold else { throw .usage("--forked: not with --warm") }
            spec.launches = .forked
        }
        if let conflict = spec.launchConflict { throw .usage(conflict) }
        if spec.freeRunningSpeed != nil, spec.paths != .both || parsed.has("shrink") {
            throw .usage("--free-running: not with --paths or --shrink")
        }
        return spec
    }
}

extension RunSpec {
    /// Why the run's launch mode cannot go with the rest of it, nil when
    /// it can: a free-running run starts every process at once against a
    /// fast clock, so it keeps none warm and forks none. Checked where a
    /// spec is parsed and again where one is resolved (a spec made in code).
    public var launchConflict: String? {
        guard freeRunningSpeed != nil else { return nil }
        switch launches {
        case .cold: return nil
        case .warm: return "--warm: not with --free-running"
        case .forked: return "--forked: not with --free-running"
        }
    }
}
