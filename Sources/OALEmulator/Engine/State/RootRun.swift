import Foundation
import OALPlatform
import OALProcesses
import OALSystem

/// The run a device root was started with (`<root>/system/run.json`),
/// so that starting `oal-device run` on it again goes on with that run
/// and nothing else: another scenario, seed or fault set is refused with
/// what the root holds, and a finished run says it is finished, rather
/// than replaying a different file on the old device.
struct RootRun: Codable, Equatable {
    var spec: RunSpec
    /// The scenario's resolved path (`Scenario.identity`): the same file
    /// however it was spelled.
    var scenario: String
    var finished = false

    static func url(_ root: DeviceRoot) -> URL { root.system.appendingPathComponent("run.json") }

    /// The recorded run; nil for a root no run has started on. A file
    /// that cannot be read is an error naming it, never taken as absent.
    static func load(_ root: DeviceRoot) throws(EngineError) -> RootRun? {
        let url = url(root)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            guard FileManager.default.fileExists(atPath: url.path) else { return nil }
            throw .io("\(url.path): cannot read the run this root was started with")
        }
        do {
            return try JSONDecoder().decode(RootRun.self, from: data)
        } catch {
            throw .io("\(url.path): not the record of a run (\(error)); the root was not changed")
        }
    }

    func save(_ root: DeviceRoot) throws(EngineError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            try encoder.encode(self).write(to: Self.url(root), options: .atomic)
        } catch {
            throw .io("\(Self.url(root).path): cannot record the run: \(error)")
        }
    }

    /// What makes `other` another run than this one, by option name;
    /// empty when it is the same run (where the executables are does not
    /// count: a run may go on with a rebuilt binary).
    func differences(from other: RootRun) -> [String] {
        var names: [String] = []
        let (a, b) = (spec, other.spec)
        if scenario != other.scenario { names.append("scenario") }
        if a.seed != b.seed { names.append("--seed") }
        if a.faults != b.faults { names.append("--fault") }
        if a.randomFaults != b.randomFaults { names.append("--random-faults") }
        if a.paths != b.paths { names.append("--paths") }
        if a.days != b.days { names.append("--days") }
        if a.launches != b.launches { names.append("--forked/--warm") }
        if a.guest != b.guest { names.append("--guest") }
        if a.mutant != b.mutant { names.append(MutantVariable.name) }
        if a.freeRunningSpeed != b.freeRunningSpeed { names.append("--free-running") }
        return names
    }
}

extension DeviceRoot {
    /// The run on this root was played to its end: a device killed after
    /// that (while it printed its summary) has nothing left to resume, and
    /// the same command is refused as for any finished root.
    public var runIsFinished: Bool { ((try? RootRun.load(self)) ?? nil)?.finished ?? false }
}
