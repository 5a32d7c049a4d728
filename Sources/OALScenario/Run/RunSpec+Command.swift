import Foundation
import OALSystem

/// A spec as the commands that replay it, and back: the one renderer of
/// every reproduce line, and its inverse, which the tests hold it to.
extension RunSpec {
    /// The placeholder for the new root a reproduce line plays in.
    public static let newRoot = "NEWDIR"

    /// `oal-device init ... && oal-device run ...`, with the path of the
    /// executables that ran, so it works where `oal-device` is not on the
    /// PATH (after `swift build`).
    public var command: String {
        let device = ShellWords.quote(devicePath)
        return "\(device) init --root \(Self.newRoot) --scenario \(ShellWords.quote(scenario)) && "
            + runCommand(root: Self.newRoot)
    }

    /// The `run` half alone, on `root`: how a root that holds this run
    /// goes on with it.
    public func runCommand(root: String) -> String {
        let mutant = self.mutant.map { "\(MutantVariable.name)=\(ShellWords.quote($0)) " } ?? ""
        return mutant
            + ([devicePath, "run", "--root", root, scenario] + arguments(guest: guestSource ?? guest))
            .map(ShellWords.quote).joined(separator: " ")
    }

    /// `oal-device`, in `binDirectory` when the spec names it.
    public var devicePath: String {
        binDirectory.map { ($0 as NSString).appendingPathComponent("oal-device") } ?? "oal-device"
    }

    /// The arguments after `run --root DIR SCENARIO`, as a process gets
    /// them (unquoted): a guest by its build directory.
    public var runArguments: [String] { arguments(guest: guest) }

    private func arguments(guest: String?) -> [String] {
        var words: [String] = []
        if let seed { words += ["--seed", "\(seed)"] }
        if randomFaults { words.append("--random-faults") }
        for fault in faults { words += ["--fault", fault] }
        if let guest { words += ["--guest", guest] }
        switch launches {
        case .cold: break
        case .forked: words.append("--forked")
        case .warm(let seed): words += ["--warm", "\(seed)"]
        }
        if paths != .both { words += ["--paths", paths.rawValue] }
        if let days { words += ["--days", "\(days)"] }
        if let speed = freeRunningSpeed {
            words.append("--free-running")
            if speed != FreeRunningOptions.defaultSpeed { words += ["--speed", Self.number(speed)] }
        }
        return words
    }

    public static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }

    /// Why a line is not a reproduce line `command` renders.
    public struct CommandError: Error, CustomStringConvertible, Equatable {
        public var description: String
    }

    /// The spec a reproduce line (`command`'s output) replays.
    public static func parse(command: String) throws(CommandError) -> RunSpec {
        let words: [String]
        do {
            words = try ShellWords.split(command)
        } catch {
            throw CommandError(description: "not a reproduce line: \(error)")
        }
        guard let and = words.firstIndex(of: "&&") else {
            throw CommandError(description: "not a reproduce line: no '&&' between init and run")
        }
        let initWords = Array(words[..<and])
        var runWords = Array(words[(and + 1)...])
        var mutant: String?
        if let first = runWords.first, first.hasPrefix(MutantVariable.name + "=") {
            mutant = String(first.dropFirst(MutantVariable.name.count + 1))
            runWords.removeFirst()
        }
        guard initWords.count == 6, initWords[1] == "init", initWords[2] == "--root", initWords[4] == "--scenario"
        else {
            throw CommandError(
                description: "not a reproduce line: '\(initWords.joined(separator: " "))' is not "
                    + "'oal-device init --root DIR --scenario FILE'")
        }
        guard runWords.count >= 2, runWords[0] == initWords[0], runWords[1] == "run" else {
            throw CommandError(description: "not a reproduce line: the second command is not '\(initWords[0]) run'")
        }
        let parsed: ParsedArguments
        do {
            parsed = try ArgumentParser.parse(
                Array(runWords.dropFirst(2)), spec: arguments.merging(ArgumentSpec(options: ["root"])))
        } catch {
            throw CommandError(description: "run: \(error.message)")
        }
        guard parsed.value("root") == initWords[3], parsed.positionals == [initWords[5]] else {
            throw CommandError(description: "run plays another root or scenario than init made")
        }
        var spec: RunSpec
        do {
            spec = try parse(scenario: initWords[5], parsed)
        } catch {
            throw CommandError(description: "run: \(error.message)")
        }
        spec.mutant = mutant
        let device = initWords[0]
        spec.binDirectory = device.contains("/") ? (device as NSString).deletingLastPathComponent : nil
        return spec
    }
}
