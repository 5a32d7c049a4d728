// oal-bench: the benchmarks of docs/PERFORMANCE.md.
//
//   oal-bench store [options]   the stores against SQLite and the raw floor
//   oal-bench simulation [options]
//                               the multi-process simulation against the spawn floor
//   oal-bench worker [options]  one worker process of a store measurement
//                               (spawned by `store`, not run by hand)
import Foundation
import OALSystem

let topHelp = """
    usage: oal-bench <command> [options]   (`<command> --help` for its options)
    commands:
      store    the App Group store against SQLite and a raw flock floor, at K
               concurrent processes, default and durable modes (docs/PERFORMANCE.md)
      simulation  a generated 7- and 30-day workload played by oal-device in
               multi-process mode, against the process-spawn floor
      worker   one worker process of a store measurement (internal)
    exit codes: 0 ok, 1 a final count was wrong (simulation: the device run
      failed), 64 usage, 69 a contender or executable is unavailable, 70 a
      worker or setup step failed.
    """

func benchMain() -> BenchExit {
    var arguments = Array(CommandLine.arguments.dropFirst())
    guard let command = arguments.first else {
        writeErr(topHelp + "\n")
        return .usage
    }
    arguments.removeFirst()
    do {
        switch command {
        case "--help", "-h", "help":
            writeOut(topHelp + "\n")
            return .ok
        case "--version":
            writeOut(ToolVersion.line(tool: "oal-bench") + "\n")
            return .ok
        case "store":
            if arguments.contains("--help") || arguments.contains("-h") {
                writeOut(StoreBenchConfig.help + "\n")
                return .ok
            }
            return try StoreBench(config: try StoreBenchConfig.parse(arguments)).run()
        case "simulation":
            if arguments.contains("--help") || arguments.contains("-h") {
                writeOut(SimulationBenchConfig.help + "\n")
                return .ok
            }
            return try SimulationBench(config: try SimulationBenchConfig.parse(arguments)).run()
        case "worker":
            try runWorker(arguments)
            return .ok
        default:
            throw BenchUsageError(description: "unknown command '\(command)'\n\(topHelp)")
        }
    } catch let error as BenchUsageError {
        writeErr("oal-bench \(command): \(error)\n")
        return .usage
    } catch let error as BenchUnavailable {
        writeErr("oal-bench \(command): unavailable: \(error)\n")
        return .unavailable
    } catch {
        writeErr("oal-bench \(command): \(error)\n")
        return .failure
    }
}

exit(benchMain().rawValue)
