import Foundation
import Glibc
import OALSystem

extension BenchExit {
    /// `oal-bench simulation`: the device run failed (non-zero exit, or an
    /// expectation of the workload did not hold). Same code as `wrongCount`.
    static let deviceFailed = BenchExit.wrongCount
}

/// `oal-bench simulation`: the generated workload played by `oal-device run`
/// for each length, against the process-spawn floor measured in the same run.
struct SimulationBenchConfig {
    var lengths: [Int] = [7, 30]
    var seed: UInt64 = 5
    var spawnSamples = 30
    var json = false
    /// No progress lines on stderr (`--quiet`).
    var quiet = false
    /// `--print-workload`: print the generated scenario of the first length
    /// and exit (what the seed generates, for the golden tests).
    var printWorkload = false
    var scratch = FileManager.default.temporaryDirectory.path
    /// `--warm SEED`: each length is played twice, cold and then with warm
    /// extension processes (`oal-device run --warm SEED`), side by side.
    var warmSeed: UInt64?
    /// `--forked`: each length is played once more with forked cold
    /// launches (`oal-device run --forked`), after the cold row.
    var forked = false
    /// `--reference-bin DIR`: another build's bin directory (the dynamic
    /// one, when the runs use the lean build) whose `oal-monitor --help`
    /// spawns are sampled too, so the old floor and the new one are
    /// reported side by side.
    var referenceBin: String?

    static let help = """
        usage: oal-bench simulation [options]
          Generates a fixed workload from the seed (6 app lists over the standard
          catalog; 10 rules: 4 schedules, two crossing midnight, 4 time limits,
          2 open limits; ~50 opens and ~3 h of use a day, some hitting shields and
          pressing Open or Close, OpenAppLock in front 3 times a day for 1-2 min),
          writes it as a scenario to the run directory, and plays it with
          `oal-device run` in multi-process mode (every extension and every tap a
          process, the app's foreground loop a process) for each length.
          Prints per length: wall time, extension launches (monitor, shield-config,
          shield-action: distinct (proc, pid) in logs/trace.jsonl), app one-shots
          and loops, the spawn floor (all launches x the median wall time of
          `oal-monitor --help`, sampled just before that length's run), the ratio
          wall / floor, simulated days per wall-clock second, and each kind's peak
          resident memory per exited launch (min / median / max, from the device's
          launch.end lines) against iOS's ~6 MB for a DeviceActivityMonitor.
        options:
          --days LIST         simulated lengths in days (default 7,30)
          --seed N            the workload's seed (default 5)
          --spawn-samples N   spawns of `oal-monitor --help` per length (default 30)
          --quick             CI size: 1 simulated day, 10 spawn samples
          --json              print the results as JSON on stdout
          --quiet             no progress on stderr
          --print-workload    print the scenario generated for the first length and exit
          --warm SEED         play each length twice, cold and warm (oal-device run
                              --warm SEED: extension processes kept alive between
                              callbacks), one row each; a warm row's floor stays the
                              cold one (every callback a spawn), so both rows divide
                              by one floor; extension starts says how many it spawned
          --forked            also play each length with forked cold launches
                              (oal-device run --forked: a process per callback, forked
                              from a fork server), one row more, over the same floor
          --reference-bin DIR also sample DIR/oal-monitor --help before each length:
                              a second floor (another build's, e.g. the dynamic one
                              when these executables are the lean build) and the
                              wall time over it, in the same table
          --scratch DIR       where the run directory goes (default $TMPDIR or /tmp);
                              it is kept: scenario, device root, trace, logs
          --help              show this help
        progress goes to stderr, with an estimate of the time left (--quiet: none).
        The executables are taken from oal-bench's own
        directory (the SwiftPM bin directory).
        exit codes: 0 ok, 1 the device run failed, 64 usage, 69 an executable is
          missing, 70 a setup step failed.
        """

    static func parse(_ arguments: [String]) throws -> SimulationBenchConfig {
        let options = try ParsedOptions(
            arguments, valued: ["days", "seed", "spawn-samples", "scratch", "warm", "reference-bin"],
            flags: ["quick", "json", "quiet", "help", "print-workload", "forked"])
        var config = SimulationBenchConfig()
        if options.flags.contains("quick") {
            config.lengths = [1]
            config.spawnSamples = 10
        }
        if let text = options.values["days"] {
            let lengths = text.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
            guard !lengths.isEmpty, lengths.allSatisfy({ ($0 ?? 0) >= 1 && ($0 ?? 0) <= 366 }) else {
                throw BenchUsageError(description: "--days must be a comma-separated list of 1...366, got '\(text)'")
            }
            config.lengths = lengths.map { $0! }
        }
        if let seed = try options.int("seed") {
            guard seed >= 0 else { throw BenchUsageError(description: "--seed must be 0 or more, got \(seed)") }
            config.seed = UInt64(seed)
        }
        config.printWorkload = options.flags.contains("print-workload")
        if let samples = try options.int("spawn-samples") {
            guard samples >= 1 else { throw BenchUsageError(description: "--spawn-samples must be at least 1") }
            config.spawnSamples = samples
        }
        config.json = options.flags.contains("json")
        config.forked = options.flags.contains("forked")
        config.quiet = options.flags.contains("quiet")
        if let scratch = options.values["scratch"] { config.scratch = scratch }
        if let directory = options.values["reference-bin"] {
            guard access(directory + "/oal-monitor", X_OK) == 0 else {
                throw BenchUsageError(description: "--reference-bin: no executable \(directory)/oal-monitor")
            }
            config.referenceBin = directory
        }
        if let text = options.values["warm"] {
            guard let seed = UInt64(text) else {
                throw BenchUsageError(description: "--warm must be a whole number (the warm seed), got '\(text)'")
            }
            config.warmSeed = seed
        }
        return config
    }
}

/// The JSON document of `simulation --json`.
struct SimulationReport: Codable {
    struct Machine: Codable {
        var cores: Int
        var kernel: String
        var binDirectory: String
        var runDirectory: String
    }

    struct Workload: Codable {
        var scenario: String
        var opens: Int
        var plainOpens: Int
        var openPresses: Int
        var closePresses: Int
        var appForegrounds: Int
        var plannedMinutes: Int
        var setupTaps: Int
        var lines: Int
    }

    struct Row: Codable {
        var days: Int
        /// "cold" (a process spawned per callback), "forked" (a process forked
        /// per callback, `--forked`) or "warm SEED".
        var mode: String
        /// Extension processes started: every launch cold, fewer warm
        /// (`launch.end` lines without `warm: reused`).
        var extensionStarts: Int
        var ok: Bool
        var deviceExit: String
        var workload: Workload
        var initSeconds: Double
        var wallSeconds: Double
        /// user + system CPU of the device and every process below it.
        var cpuSeconds: Double
        var launches: [String: Int]
        var extensionLaunches: Int
        var appOneShots: Int
        var appLoops: Int
        /// extensions + app one-shots + app loops.
        var totalLaunches: Int
        var spawnSamples: [Double]
        var spawnMedianSeconds: Double
        var floorSeconds: Double
        var wallOverFloor: Double
        /// `--reference-bin`: the other build's spawn median and floor.
        var referenceSpawnMedianSeconds: Double?
        var referenceFloorSeconds: Double?
        var wallOverReferenceFloor: Double?
        var simulatedDaysPerSecond: Double
        var traceLines: Int
        var traceEvents: [String: Int]
        /// Peak resident memory of the exited launches per kind (the
        /// device's `launch.end`), KiB.
        var memory: [String: MemoryFigures]
        /// The largest private (anonymous) memory of those launches, KiB.
        var privateMemory: [String: MemoryFigures]
        /// The oracle's own price in the device (`logs/oracle-cost.json`).
        var oracle: OracleCostFigures?

        /// The length and, for a warm row, its mode: the later tables' key.
        var label: String { mode == "cold" ? "\(days)" : "\(days) \(mode)" }
    }

    var benchmark = "simulation"
    var seed: UInt64
    var machine: Machine
    var rows: [Row]
    var allOK: Bool
}

final class SimulationBench {
    let config: SimulationBenchConfig
    private let binDirectory = (currentExecutablePath() as NSString).deletingLastPathComponent
    static let tools = ["oal-device", "oal-app", "oal-monitor", "oal-shield-config", "oal-shield-action"]

    init(config: SimulationBenchConfig) { self.config = config }

    private func tool(_ name: String) -> String { binDirectory + "/" + name }

    /// A progress line on stderr, unless `--quiet`.
    func progress(_ text: String) {
        if !config.quiet { writeErr(text) }
    }

    func run() throws -> BenchExit {
        if config.printWorkload {
            print(SimulationWorkload(days: config.lengths[0], seed: config.seed).generate().text, terminator: "")
            return .ok
        }
        for name in Self.tools where access(tool(name), X_OK) != 0 {
            throw BenchUnavailable(
                description: "\(tool(name)) is missing: build every product (swift build -c release)")
        }
        let runDirectory = config.scratch + "/oal-bench-simulation-\(getpid())"
        try? FileManager.default.removeItem(atPath: runDirectory)
        do { try FileSystem.createDirectory(runDirectory) } catch {
            throw BenchFailure(description: "cannot create \(runDirectory): \(error)")
        }
        progress("oal-bench simulation: run directory \(runDirectory)\n")
        var rows: [SimulationReport.Row] = []
        for days in config.lengths {
            rows.append(try measure(days: days, mode: .cold, in: runDirectory + "/days-\(days)"))
            if config.forked {
                rows.append(try measure(days: days, mode: .forked, in: runDirectory + "/days-\(days)-forked"))
            }
            if let seed = config.warmSeed {
                rows.append(try measure(days: days, mode: .warm(seed), in: runDirectory + "/days-\(days)-warm"))
            }
        }
        var uts = utsname()
        uname(&uts)
        let kernel = withUnsafeBytes(of: &uts.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let report = SimulationReport(
            seed: config.seed,
            machine: .init(
                cores: ProcessInfo.processInfo.activeProcessorCount, kernel: kernel, binDirectory: binDirectory,
                runDirectory: runDirectory),
            rows: rows, allOK: rows.allSatisfy(\.ok))
        if config.json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            writeOut(String(decoding: try encoder.encode(report), as: UTF8.self) + "\n")
        } else {
            writeOut(renderTables(report))
        }
        if !report.allOK {
            writeErr("oal-bench simulation: FAILED: a device run did not pass (see its logs/device.log)\n")
            return .deviceFailed
        }
        return .ok
    }

    // MARK: One length

    /// How a row's extension launches are started.
    enum Mode {
        case cold
        case forked
        case warm(UInt64)

        var name: String {
            switch self {
            case .cold: "cold"
            case .forked: "forked"
            case .warm(let seed): "warm \(seed)"
            }
        }

        var arguments: [String] {
            switch self {
            case .cold: []
            case .forked: ["--forked"]
            case .warm(let seed): ["--warm", String(seed)]
            }
        }
    }

    private func measure(days: Int, mode: Mode, in directory: String) throws -> SimulationReport.Row {
        do { try FileSystem.createDirectory(directory) } catch {
            throw BenchFailure(description: "cannot create \(directory): \(error)")
        }
        let plan = SimulationWorkload(days: days, seed: config.seed).generate()
        let scenario = directory + "/workload-\(days)d.scenario"
        do { try plan.text.write(toFile: scenario, atomically: true, encoding: .utf8) } catch {
            throw BenchFailure(description: "cannot write \(scenario): \(error)")
        }
        let root = directory + "/root"

        progress("oal-bench simulation: \(days) day(s): spawn floor, \(config.spawnSamples) x oal-monitor --help\n")
        let samples = try spawnSamples(of: tool("oal-monitor"))
        let spawnMedian = samples.median
        let referenceMedian = try config.referenceBin.map { try spawnSamples(of: $0 + "/oal-monitor").median }

        let initStart = monotonicNanoseconds()
        let initRun = try runToCompletion(
            tool("oal-device"), ["init", "--root", root, "--scenario", scenario], scratch: directory)
        let initSeconds = Double(monotonicNanoseconds() - initStart) / 1e9
        guard initRun.status == .exited(0) else {
            throw BenchFailure(description: "oal-device init \(initRun.status): \(initRun.stderr)")
        }

        progress("oal-bench simulation: \(days) day(s): oal-device run \(scenario)\n")
        let usageBefore = childrenCPUSeconds()
        let start = monotonicNanoseconds()
        let device: ChildProcess
        do {
            device = try ChildProcess.spawn(
                tool("oal-device"),
                arguments: ["run", "--root", root, scenario, "--seed", String(config.seed), "--quiet"] + mode.arguments,
                standardOutput: directory + "/device.out", standardError: directory + "/device.log")
        } catch {
            throw BenchUnavailable(description: "cannot run oal-device: \(error)")
        }
        let termination = try waitWithProgress(device, days: days, root: root, start: start)
        let wall = Double(monotonicNanoseconds() - start) / 1e9
        let cpu = childrenCPUSeconds() - usageBefore
        let ok = termination == .exited(0)
        if !ok {
            writeErr(
                "oal-bench simulation: \(days) day(s): oal-device run \(termination); see \(directory)/device.log\n")
        }

        let trace = try TraceCount(path: root + "/logs/trace.jsonl")
        let extensions = ["monitor", "shield-config", "shield-action"].reduce(0) { $0 + (trace.launches[$1] ?? 0) }
        let total = extensions + trace.appOneShots + trace.appLoops
        let floor = Double(total) * spawnMedian
        let referenceFloor = referenceMedian.map { Double(total) * $0 }
        var row = SimulationReport.Row(
            days: days, mode: mode.name, extensionStarts: extensions - trace.warmReused,
            ok: ok, deviceExit: termination.description,
            workload: .init(
                scenario: scenario, opens: plan.opens, plainOpens: plan.plainOpens, openPresses: plan.openPresses,
                closePresses: plan.closePresses, appForegrounds: plan.appForegrounds,
                plannedMinutes: plan.plannedMinutes, setupTaps: plan.setupTaps,
                lines: plan.text.split(separator: "\n").count),
            initSeconds: initSeconds, wallSeconds: wall, cpuSeconds: cpu, launches: trace.launches,
            extensionLaunches: extensions, appOneShots: trace.appOneShots, appLoops: trace.appLoops,
            totalLaunches: total, spawnSamples: samples, spawnMedianSeconds: spawnMedian, floorSeconds: floor,
            wallOverFloor: floor > 0 ? wall / floor : 0, simulatedDaysPerSecond: Double(days) / wall,
            traceLines: trace.lines, traceEvents: trace.events,
            memory: trace.peaks.compactMapValues { MemoryFigures(kibibytes: $0) },
            privateMemory: trace.privatePeaks.compactMapValues { MemoryFigures(kibibytes: $0) },
            oracle: OracleCostFigures.read(root: root))
        row.referenceSpawnMedianSeconds = referenceMedian
        row.referenceFloorSeconds = referenceFloor
        row.wallOverReferenceFloor = referenceFloor.map { $0 > 0 ? wall / $0 : 0 }
        progress(
            String(
                format: "oal-bench simulation: %d day(s) %@: wall %.2f s, %d launches, floor %.2f s, wall/floor %.2f\n",
                days, row.mode, wall, total, floor, row.wallOverFloor))
        return row
    }

    /// The wall time of spawning `oal-monitor --help` to its exit, `samples`
    /// times: the cost of one launch of a minimal Foundation executable.
    private func spawnSamples(of monitor: String) throws -> [Double] {
        var samples: [Double] = []
        for _ in 0..<config.spawnSamples {
            let start = monotonicNanoseconds()
            let child: ChildProcess
            do {
                child = try ChildProcess.spawn(
                    monitor, arguments: ["--help"], standardOutput: "/dev/null",
                    standardError: "/dev/null")
            } catch {
                throw BenchUnavailable(description: "cannot run \(monitor): \(error)")
            }
            let status = try child.wait()
            samples.append(Double(monotonicNanoseconds() - start) / 1e9)
            guard status == .exited(0) else {
                throw BenchFailure(description: "\(monitor) --help \(status)")
            }
        }
        return samples
    }

    /// Waits for the device, reporting the emulated clock every 5 s.
    private func waitWithProgress(_ device: ChildProcess, days: Int, root: String, start: UInt64) throws
        -> ChildProcess.Termination
    {
        var lastReport = start
        var firstNow: Double?
        while true {
            if let done = try device.poll() { return done }
            usleep(20_000)
            let now = monotonicNanoseconds()
            let emulated = Self.emulatedNow(root: root)
            if firstNow == nil { firstNow = emulated }
            if now - lastReport >= 5_000_000_000 {
                lastReport = now
                var position = ""
                if let emulated, let firstNow {
                    let done = (emulated - firstNow) / 86_400
                    position = String(format: ", simulated day %.2f of %d", done, days)
                    let elapsed = Double(now - start) / 1e9
                    if done > 0, done < Double(days) {
                        position += ", ETA " + ProgressMeter.duration(elapsed / done * (Double(days) - done))
                    }
                }
                progress(
                    String(format: "oal-bench simulation:   %.0f s%@\n", Double(now - start) / 1e9, position))
            }
        }
    }

    private static func emulatedNow(root: String) -> Double? {
        guard let data = FileManager.default.contents(atPath: root + "/system/clock.json"),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let document = object["document"] as? [String: Any]
        else { return nil }
        return (document["now"] as? NSNumber)?.doubleValue
    }

    private func childrenCPUSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    // MARK: Output

    private func renderTables(_ report: SimulationReport) -> String {
        var text = "Simulation benchmark (seed \(report.seed), \(report.machine.cores) cores, "
        text += "Linux \(report.machine.kernel))\nrun directory: \(report.machine.runDirectory)\n\n"
        text += "| days | mode | wall s | CPU s | extension launches (monitor / config / action) | extension starts "
        text += "| app one-shots | app loops | spawn median ms | floor s | wall / floor | sim days / s | ok |\n"
        text += "|---:|---|---:|---:|---|---:|---:|---:|---:|---:|---:|---:|---|\n"
        for row in report.rows {
            let split = ["monitor", "shield-config", "shield-action"].map { String(row.launches[$0] ?? 0) }
            text += String(format: "| %d | %@ | %.2f | %.2f | ", row.days, row.mode, row.wallSeconds, row.cpuSeconds)
            text += "\(row.extensionLaunches) (\(split.joined(separator: " / "))) | \(row.extensionStarts) | "
            text += "\(row.appOneShots) | \(row.appLoops) | "
            text += String(
                format: "%.2f | %.2f | %@ | %@ | %@ |\n", row.spawnMedianSeconds * 1000, row.floorSeconds,
                formatRatio(row.wallOverFloor), formatRatio(row.simulatedDaysPerSecond), row.ok ? "yes" : "NO")
        }
        if report.rows.contains(where: { $0.referenceFloorSeconds != nil }) {
            text += "\nboth floors (--reference-bin \(config.referenceBin ?? "?")), each "
            text += "the callbacks and taps x its own oal-monitor --help median:\n\n"
            text += "| days | mode | wall s | spawn median ms | floor s | wall / floor "
            text += "| reference spawn median ms | reference floor s | wall / reference floor |\n"
            text += "|---:|---|---:|---:|---:|---:|---:|---:|---:|\n"
            for row in report.rows {
                guard let median = row.referenceSpawnMedianSeconds, let floor = row.referenceFloorSeconds else {
                    continue
                }
                text += String(
                    format: "| %d | %@ | %.2f | %.2f | %.2f | %@ | %.2f | %.2f | %@ |\n", row.days, row.mode,
                    row.wallSeconds, row.spawnMedianSeconds * 1000, row.floorSeconds, formatRatio(row.wallOverFloor),
                    median * 1000, floor, formatRatio(row.wallOverReferenceFloor ?? 0))
            }
        }
        text += "\nworkload per length (planned by the generator):\n\n"
        text +=
            "| days | opens | plain opens | Open presses | Close presses | OpenAppLock in front | planned use min | trace lines |\n"
        text += "|---:|---:|---:|---:|---:|---:|---:|---:|\n"
        for row in report.rows {
            let w = row.workload
            text += "| \(row.label) | \(w.opens) | \(w.plainOpens) | \(w.openPresses) | \(w.closePresses) | "
            text += "\(w.appForegrounds) | \(w.plannedMinutes) | \(row.traceLines) |\n"
        }
        text += "\npeak resident memory per exited launch (MiB, sampled by the device; iOS is reported to allow "
        text += "a DeviceActivityMonitor ~\(MemoryFigures.monitorLimitMiB)):\n\n"
        text += "| days | process | launches | resident min | median | max | max / 6 MB "
        text += "| private min | median | max | max / 6 MB |\n"
        text += "|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n"
        for row in report.rows {
            for (kind, figures) in row.memory.sorted(by: { $0.key < $1.key }) {
                text += "| \(row.label) | \(kind) | \(figures.launches) | " + figures.cells + " "
                text += (row.privateMemory[kind]?.cells ?? "- | - | - | - |") + "\n"
            }
        }
        text += "\noracle inside the device (logs/oracle-cost.json):\n\n"
        text +=
            "| days | observations | judgements | checks | observe s | judge s | µs per observation | share of wall |\n"
        text += "|---:|---:|---:|---:|---:|---:|---:|---:|\n"
        for row in report.rows {
            guard let cost = row.oracle else { continue }
            let total = cost.observeSeconds + cost.judgeSeconds
            text += "| \(row.label) | \(cost.observations) | \(cost.judgements) | \(cost.checks) | "
            text += String(
                format: "%.2f | %.2f | %.0f | %.1f%% |\n", cost.observeSeconds, cost.judgeSeconds,
                cost.observations > 0 ? total * 1e6 / Double(cost.observations) : 0,
                row.wallSeconds > 0 ? total / row.wallSeconds * 100 : 0)
        }
        return text + "\n"
    }
}

/// What `oal-device` wrote to `<root>/logs/oracle-cost.json` (the
/// emulator's `OracleCost`; read as plain JSON, the benchmark links no
/// emulator code).
struct OracleCostFigures: Codable {
    var observations: Int
    var judgements: Int
    var checks: Int
    var observeNanoseconds: UInt64
    var judgeNanoseconds: UInt64

    var observeSeconds: Double { Double(observeNanoseconds) / 1e9 }
    var judgeSeconds: Double { Double(judgeNanoseconds) / 1e9 }

    static func read(root: String) -> OracleCostFigures? {
        guard let data = FileManager.default.contents(atPath: root + "/logs/oracle-cost.json") else { return nil }
        return try? JSONDecoder().decode(OracleCostFigures.self, from: data)
    }
}

/// Distinct launches and event counts in `<root>/logs/trace.jsonl`.
struct TraceCount {
    /// Distinct (proc, pid, launch) per proc, the app's loops excluded.
    var launches: [String: Int] = [:]
    var appOneShots = 0
    /// `oal-app run` processes: the app pids that traced `loop.start`.
    var appLoops = 0
    var lines = 0
    var events: [String: Int] = [:]
    /// `peakKiB` of the device's `launch.end` lines that exited, per kind.
    var peaks: [String: [Int]] = [:]
    /// Their `privateKiB`.
    var privatePeaks: [String: [Int]] = [:]
    /// Callbacks a warm process already alive received (`warm: reused`).
    var warmReused = 0

    private struct Line: Decodable {
        var proc: String?
        var pid: Int?
        var event: String?
        var launch: Int?
        var fields: [String: String]?
    }

    init(path: String) throws {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw BenchFailure(description: "cannot read \(path)")
        }
        var seen = Set<String>()
        var loopPids = Set<Int>()
        var appPids = Set<Int>()
        let decoder = JSONDecoder()
        for slice in data.split(separator: UInt8(ascii: "\n")) where !slice.isEmpty {
            lines += 1
            guard let line = try? decoder.decode(Line.self, from: Data(slice)), let proc = line.proc,
                let pid = line.pid
            else { continue }
            if let event = line.event { events[event, default: 0] += 1 }
            if proc == "device", line.event == "launch.end", line.fields?["warm"] == "reused" { warmReused += 1 }
            if proc == "device", line.event == "launch.end", let fields = line.fields, let kind = fields["proc"],
                fields["status"].flatMap({ Int($0) }) != nil, let peak = fields["peakKiB"].flatMap({ Int($0) })
            {
                peaks[kind, default: []].append(peak)
                if let own = fields["privateKiB"].flatMap({ Int($0) }) { privatePeaks[kind, default: []].append(own) }
            }
            if proc == "app" {
                appPids.insert(pid)
                if line.event == "loop.start" { loopPids.insert(pid) }
            }
            // The launch number too: a long run may reuse a pid.
            if seen.insert("\(proc) \(pid) \(line.launch ?? -1)").inserted { launches[proc, default: 0] += 1 }
        }
        appLoops = loopPids.count
        appOneShots = appPids.subtracting(loopPids).count
        launches["app"] = appOneShots
    }
}

/// Min, median and max of one kind's peaks (the emulator's `PeakMemory`;
/// computed here, the benchmark links no emulator code).
struct MemoryFigures: Codable {
    var launches: Int
    var minKiB: Int
    var medianKiB: Int
    var maxKiB: Int

    /// iOS's reported limit for a DeviceActivityMonitor extension, MiB.
    static let monitorLimitMiB = 6.0

    init?(kibibytes: [Int]) {
        guard !kibibytes.isEmpty else { return nil }
        let sorted = kibibytes.sorted()
        launches = sorted.count
        minKiB = sorted[0]
        medianKiB = sorted[(sorted.count - 1) / 2]
        maxKiB = sorted[sorted.count - 1]
    }

    var minMiB: Double { Double(minKiB) / 1024 }
    var medianMiB: Double { Double(medianKiB) / 1024 }
    var maxMiB: Double { Double(maxKiB) / 1024 }

    /// `min | median | max | max / 6 MB |` in MiB.
    var cells: String {
        String(format: "%.1f | %.1f | %.1f | %.2f× |", minMiB, medianMiB, maxMiB, maxMiB / Self.monitorLimitMiB)
    }
}
