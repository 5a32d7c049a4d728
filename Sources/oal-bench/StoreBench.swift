import Foundation
import Glibc
import OALStore
import OALSystem

/// `oal-bench store`: every contender at every K, round-robin, R rounds.
struct StoreBenchConfig {
    var ks: [Int] = [1, 4, 8]
    /// Operations per process in the default mode.
    var m = 10_000
    /// Operations per process in the durable mode (each one waits for the disk).
    var durableM = 200
    var rounds = 5
    var modes: [Mode] = Mode.allCases
    var contenders: [Contender] = Contender.allCases
    var json = false
    /// No progress lines on stderr (`--quiet`).
    var quiet = false
    var scratch = FileManager.default.temporaryDirectory.path
    var python: String?
    var sqliteWorker: String?

    static let quick = StoreBenchConfig(ks: [1, 4], m: 20, durableM: 5, rounds: 1)

    func operations(_ mode: Mode) -> Int { mode == .durable ? durableM : m }

    static let help = """
        usage: oal-bench store [options]
          Times M locked read-modify-write operations per process on ONE shared
          counter, with K concurrent worker processes started together on a
          barrier, for each contender:
            ledger-add    UsageLedger.addOpens (one journal append per op)
            ledger-spend  UsageLedger.spendOpen, budget never reached
            ledger-deny   UsageLedger.spendOpen, budget = K*M/2 (half denied)
            raw           flock + pread + pwrite of an 8-byte counter (the floor)
            sqlite-c      SQLite WAL, BEGIN IMMEDIATE; SELECT; UPDATE; COMMIT (C API)
            sqlite-py     the same transaction from python3's sqlite3 module
          in the default mode (survives a killed process: no fsync, SQLite
          synchronous=OFF) and the durable mode (survives power loss: fdatasync /
          directory fsync, SQLite synchronous=FULL). Contenders run round-robin,
          R rounds; tables show the median ops/s and the median of the per-round
          ratios. Every final count is checked exactly.
        options:
          --k LIST            process counts (default 1,4,8)
          --m N               operations per process, default mode (default 10000)
          --durable-m N       operations per process, durable mode (default 200)
          --rounds R          rounds per measurement (default 5)
          --mode MODE         default, durable or both (default both)
          --contenders LIST   a subset of the contenders above (default all)
          --quick             tiny sizes for CI: K 1,4, M 20, durable M 5, 1 round
          --json              print the results as JSON on stdout
          --quiet             no progress on stderr
          --scratch DIR       where the per-run directories go (default $TMPDIR or /tmp)
          --python PATH       the python3 to use (default: python3 on PATH)
          --sqlite-worker P   scripts/bench_sqlite_worker.py (default: found from the
                              working directory or the source checkout)
          --help              show this help
        progress goes to stderr, with an estimate of the time left.
        exit codes: 0 ok, 1 a final count was wrong, 64 usage, 69 a contender is
          unavailable (no python3 sqlite3 module, no libsqlite3), 70 a worker failed.
        """

    static func parse(_ arguments: [String]) throws -> StoreBenchConfig {
        let options = try ParsedOptions(
            arguments,
            valued: ["k", "m", "durable-m", "rounds", "mode", "contenders", "scratch", "python", "sqlite-worker"],
            flags: ["quick", "json", "quiet", "help"])
        var config = options.flags.contains("quick") ? StoreBenchConfig.quick : StoreBenchConfig()
        if let text = options.values["k"] {
            let ks = text.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
            guard !ks.isEmpty, ks.allSatisfy({ ($0 ?? 0) >= 1 && ($0 ?? 0) <= 64 }) else {
                throw BenchUsageError(description: "--k must be a comma-separated list of 1...64, got '\(text)'")
            }
            config.ks = ks.map { $0! }
        }
        if let m = try options.int("m") {
            guard m >= 1 else { throw BenchUsageError(description: "--m must be at least 1") }
            config.m = m
        }
        if let m = try options.int("durable-m") {
            guard m >= 1 else { throw BenchUsageError(description: "--durable-m must be at least 1") }
            config.durableM = m
        }
        if let rounds = try options.int("rounds") {
            guard rounds >= 1 else { throw BenchUsageError(description: "--rounds must be at least 1") }
            config.rounds = rounds
        }
        if let mode = options.values["mode"] {
            switch mode {
            case "both": config.modes = Mode.allCases
            case "default": config.modes = [.default]
            case "durable": config.modes = [.durable]
            default: throw BenchUsageError(description: "--mode must be default, durable or both, got '\(mode)'")
            }
        }
        if let text = options.values["contenders"] {
            var list: [Contender] = []
            for name in text.split(separator: ",") {
                guard let contender = Contender(rawValue: String(name)) else {
                    let known = Contender.allCases.map(\.rawValue).joined(separator: ", ")
                    throw BenchUsageError(description: "unknown contender '\(name)' (known: \(known))")
                }
                if !list.contains(contender) { list.append(contender) }
            }
            guard !list.isEmpty else { throw BenchUsageError(description: "--contenders is empty") }
            config.contenders = Contender.allCases.filter(list.contains)
        }
        config.json = options.flags.contains("json")
        config.quiet = options.flags.contains("quiet")
        if let scratch = options.values["scratch"] { config.scratch = scratch }
        config.python = options.values["python"]
        config.sqliteWorker = options.values["sqlite-worker"]
        return config
    }
}

/// One timed run: one contender, one mode, one K, one round.
struct RunResult {
    let contender: Contender
    let mode: Mode
    let k: Int
    let round: Int
    let operations: Int
    let seconds: Double
    let finalCount: Int
    let expectedCount: Int
    let exact: Bool

    var opsPerSecond: Double { Double(operations) / seconds }
}

/// The JSON document of `--json`.
struct StoreReport: Codable {
    struct Machine: Codable {
        var cores: Int
        var kernel: String
        var scratch: String
        var scratchFileSystem: String
        var sqliteLibrary: String?
        var python: String?
        var pythonSQLite: String?
    }

    struct Options: Codable {
        var ks: [Int]
        var m: Int
        var durableM: Int
        var rounds: Int
        var modes: [String]
        var contenders: [String]
    }

    struct Row: Codable {
        var mode: String
        var k: Int
        var contender: String
        var label: String
        var operationsPerProcess: Int
        var medianOpsPerSecond: Double
        var minOpsPerSecond: Double
        var maxOpsPerSecond: Double
        var exact: Bool
        var expectedCount: Int
        var finalCounts: [Int]
    }

    /// ours / against, as a ratio of throughputs (> 1: ours is faster).
    struct Ratio: Codable {
        var mode: String
        var k: Int
        var ours: String
        var against: String
        var median: Double
    }

    var benchmark = "store"
    var machine: Machine
    var options: Options
    var rows: [Row]
    var ratios: [Ratio]
    var allExact: Bool
}

final class StoreBench {
    let config: StoreBenchConfig
    private let executable = currentExecutablePath()
    private var python: String?
    private var sqliteWorker: String?
    private var sqlite: SQLiteLibrary?
    private var pythonVersion: String?
    private var pythonSQLiteVersion: String?
    private var root = ""
    private var results: [RunResult] = []

    init(config: StoreBenchConfig) { self.config = config }

    /// Runs everything and prints the report; returns the exit code.
    func run() throws -> BenchExit {
        try checkContenders()
        root = config.scratch + "/oal-bench-\(getpid())"
        try? FileManager.default.removeItem(atPath: root)
        do { try FileSystem.createDirectory(root) } catch {
            throw BenchFailure(description: "cannot create \(root): \(error)")
        }
        defer { try? FileManager.default.removeItem(atPath: root) }

        let total = config.modes.count * config.ks.count * config.rounds * config.contenders.count
        var index = 0
        let meter = ProgressMeter(total: total)
        // Rounds outermost: every (mode, K) gets one sample from each stretch
        // of the run, so a noisy minute (another build, a slow disk flush)
        // spreads over all rows instead of sinking one of them.
        for round in 0..<config.rounds {
            for mode in config.modes {
                for k in config.ks {
                    // Round-robin, rotated each round so no contender always goes first.
                    let count = config.contenders.count
                    for slot in 0..<count {
                        let contender = config.contenders[(slot + round) % count]
                        index += 1
                        let result = try measure(contender, mode: mode, k: k, round: round, index: index)
                        results.append(result)
                        let pad = String(repeating: " ", count: max(0, 12 - contender.rawValue.count))
                        if !config.quiet {
                            writeErr(
                                "oal-bench: \(meter.prefix(done: index)) \(mode.rawValue) K=\(k) round \(round + 1)/\(config.rounds) "
                                    + "\(contender.rawValue)\(pad) \(formatRate(result.opsPerSecond)) ops/s "
                                    + String(format: "(%.3f s)", result.seconds)
                                    + (result.exact ? "" : "  COUNT WRONG") + "\n")
                        }
                        if !result.exact {
                            writeErr(
                                "oal-bench: COUNT MISMATCH: \(contender.rawValue) \(mode.rawValue) K=\(k): "
                                    + "final count \(result.finalCount), expected \(result.expectedCount)\n")
                        }
                    }
                }
            }
        }
        let report = makeReport()
        if config.json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            let data = try encoder.encode(report)
            writeOut(String(decoding: data, as: UTF8.self) + "\n")
        } else {
            writeOut(renderTables(report))
        }
        if !report.allExact {
            writeErr("oal-bench: FAILED: at least one final count was wrong (see COUNT MISMATCH above)\n")
            return .wrongCount
        }
        return .ok
    }

    // MARK: Availability

    private func checkContenders() throws {
        // sqlite-py only uses the library (when present) to create and read back its database.
        do { sqlite = try SQLiteLibrary.load() } catch {
            if config.contenders.contains(.sqliteC) {
                throw BenchUnavailable(description: "contender sqlite-c: \(error)")
            }
        }
        guard config.contenders.contains(.sqlitePy) else { return }
        guard let python = config.python ?? findOnPath("python3") else {
            throw BenchUnavailable(description: "contender sqlite-py: no python3 on PATH (or pass --python)")
        }
        guard let worker = config.sqliteWorker ?? Self.findSQLiteWorker() else {
            throw BenchUnavailable(
                description: "contender sqlite-py: scripts/bench_sqlite_worker.py not found (pass --sqlite-worker)")
        }
        self.python = python
        self.sqliteWorker = worker
        let probe = root.isEmpty ? config.scratch : root
        let check = try runToCompletion(
            python, ["-c", "import sys, sqlite3; print(sys.version.split()[0], sqlite3.sqlite_version)"],
            scratch: probe)
        guard check.status == .exited(0) else {
            throw BenchUnavailable(
                description: "contender sqlite-py: \(python) cannot import sqlite3: \(check.stderr)")
        }
        let parts = check.stdout.split(separator: " ").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        pythonVersion = parts.first
        pythonSQLiteVersion = parts.count > 1 ? parts[1] : nil
    }

    /// scripts/bench_sqlite_worker.py, from the working directory or the
    /// checkout this binary was built from.
    static func findSQLiteWorker() -> String? {
        if let path = ProcessInfo.processInfo.environment["OAL_BENCH_SQLITE_WORKER"], !path.isEmpty {
            return path
        }
        let relative = "scripts/bench_sqlite_worker.py"
        let cwd = FileManager.default.currentDirectoryPath
        let source = URL(fileURLWithPath: #filePath)  // <checkout>/Sources/oal-bench/StoreBench.swift
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
        for candidate in [cwd + "/" + relative, source + "/" + relative]
        where FileManager.default.fileExists(atPath: candidate) {
            return candidate
        }
        return nil
    }

    // MARK: One measurement

    private func measure(_ contender: Contender, mode: Mode, k: Int, round: Int, index: Int) throws -> RunResult {
        let dir = root + "/\(index)-\(contender.rawValue)-\(mode.rawValue)-k\(k)"
        do { try FileSystem.createDirectory(dir) } catch {
            throw BenchFailure(description: "cannot create \(dir): \(error)")
        }
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let m = config.operations(mode)
        let budget = contender == .ledgerDeny ? k * m / 2 : nil
        try setUp(contender, dir: dir)

        // The barrier: held exclusively until every worker has set up.
        let goPath = BenchLayout.goFile(dir)
        let go = try FileDescriptor.open(goPath, .readWrite, options: [.create], permissions: .ownerReadWrite)
        defer { try? go.close() }
        try go.lock(.exclusive)

        var children: [ChildProcess] = []
        var released = false
        defer {
            if !released {
                for child in children {
                    try? child.signal(SIGKILL)
                    _ = try? child.wait()
                }
            }
        }
        for worker in 0..<k {
            let (program, arguments) = workerCommand(
                contender, mode: mode, dir: dir, count: m, worker: worker, budget: budget)
            do {
                children.append(
                    try ChildProcess.spawn(
                        program, arguments: arguments,
                        standardOutput: dir + "/out-\(worker)", standardError: dir + "/err-\(worker)"))
            } catch {
                throw BenchFailure(description: "cannot spawn \(program): \(error)")
            }
        }
        // Wait until every worker is ready (set up and about to block on the barrier).
        let deadline = monotonicNanoseconds() + 120_000_000_000
        var waiting = Set(0..<k)
        while !waiting.isEmpty {
            for worker in waiting {
                if (try? FileSystem.status(BenchLayout.readyFile(dir, worker))) != nil {
                    waiting.remove(worker)
                } else if let ended = try? children[worker].poll() {
                    released = true  // reaped already; the others are killed below
                    for (other, child) in children.enumerated() where other != worker {
                        try? child.signal(SIGKILL)
                        _ = try? child.wait()
                    }
                    throw workerFailure(contender, dir: dir, worker: worker, ended: ended)
                }
            }
            if monotonicNanoseconds() > deadline {
                throw BenchFailure(description: "\(contender.rawValue): workers not ready after 120 s")
            }
            if !waiting.isEmpty { usleep(200) }
        }
        let start = monotonicNanoseconds()
        try go.unlock()

        var ends: [UInt64] = []
        var granted = 0
        var failure: Error?
        for (worker, child) in children.enumerated() {
            let ended: ChildProcess.Termination
            do { ended = try child.wait() } catch {
                failure = failure ?? BenchFailure(description: "waitpid: \(error)")
                continue
            }
            if ended != .exited(0) {
                failure = failure ?? workerFailure(contender, dir: dir, worker: worker, ended: ended)
                continue
            }
            let text = (try? String(contentsOfFile: dir + "/out-\(worker)", encoding: .utf8)) ?? ""
            let fields = text.split(whereSeparator: \.isWhitespace).compactMap { UInt64($0) }
            guard fields.count == 3 else {
                failure =
                    failure ?? BenchFailure(description: "\(contender.rawValue) worker \(worker) printed '\(text)'")
                continue
            }
            ends.append(fields[1])
            granted += Int(fields[2])
        }
        released = true
        if let failure { throw failure }
        let seconds = Double((ends.max() ?? start) - start) / 1e9

        let expected = budget ?? k * m
        let finalCount = try readCount(contender, dir: dir, mode: mode)
        // Every worker's own tally must agree too (granted spends, increments done).
        let exact = finalCount == expected && granted == expected
        if granted != expected {
            writeErr(
                "oal-bench: COUNT MISMATCH: \(contender.rawValue) workers reported \(granted), expected \(expected)\n")
        }
        return RunResult(
            contender: contender, mode: mode, k: k, round: round, operations: k * m, seconds: max(seconds, 1e-9),
            finalCount: finalCount, expectedCount: expected, exact: exact)
    }

    private func workerCommand(
        _ contender: Contender, mode: Mode, dir: String, count: Int, worker: Int, budget: Int?
    ) -> (String, [String]) {
        let ready = BenchLayout.readyFile(dir, worker)
        let go = BenchLayout.goFile(dir)
        if contender == .sqlitePy {
            return (
                python!,
                [
                    sqliteWorker!, "worker", "--db", BenchLayout.database(dir), "--count", "\(count)",
                    "--sync", mode.sqliteSync, "--ready", ready, "--go", go,
                ]
            )
        }
        var arguments = [
            "worker", "--contender", contender.rawValue, "--dir", dir, "--count", "\(count)",
            "--mode", mode.rawValue, "--ready", ready, "--go", go,
        ]
        if contender == .ledgerSpend { arguments += ["--budget", "\(Int.max)"] }
        if let budget { arguments += ["--budget", "\(budget)"] }
        return (executable, arguments)
    }

    private func workerFailure(
        _ contender: Contender, dir: String, worker: Int, ended: ChildProcess.Termination
    ) -> Error {
        let stderr = (try? String(contentsOfFile: dir + "/err-\(worker)", encoding: .utf8)) ?? ""
        let message =
            "\(contender.rawValue) worker \(worker) \(ended): \(stderr.trimmingCharacters(in: .whitespacesAndNewlines))"
        if ended == .exited(69) { return BenchUnavailable(description: message) }
        return BenchFailure(description: message)
    }

    /// Creates the shared counter, outside the timed section, in the state
    /// each contender's steady state starts from.
    private func setUp(_ contender: Contender, dir: String) throws {
        switch contender {
        case .ledgerAdd, .ledgerSpend, .ledgerDeny:
            // The day's journal exists (with another rule's line), as the
            // SQLite table and the raw file exist before their runs.
            try BenchLayout.ledger(dir, durable: true).addOpens(1, rule: BenchLayout.otherRule, day: BenchLayout.day)
        case .raw:
            let fd = try FileDescriptor.open(
                BenchLayout.counterFile(dir), .writeOnly, options: [.create, .truncate], permissions: .ownerReadWrite)
            try fd.writeAll([UInt8](repeating: 0, count: 8))
            try fd.sync()
            try fd.close()
        case .sqliteC:
            try SQLiteCounter.create(sqlite!, path: BenchLayout.database(dir))
        case .sqlitePy:
            if let sqlite {  // the same file format; saves a python3 start per run
                try SQLiteCounter.create(sqlite, path: BenchLayout.database(dir))
                return
            }
            let setup = try runToCompletion(
                python!, [sqliteWorker!, "setup", "--db", BenchLayout.database(dir)], scratch: dir)
            guard setup.status == .exited(0) else {
                throw BenchFailure(description: "sqlite-py setup \(setup.status): \(setup.stderr)")
            }
        }
    }

    /// The final value of the shared counter, read back after every worker ended.
    private func readCount(_ contender: Contender, dir: String, mode: Mode) throws -> Int {
        switch contender {
        case .ledgerAdd, .ledgerSpend, .ledgerDeny:
            return try BenchLayout.ledger(dir, durable: false).usage(rule: BenchLayout.rule, day: BenchLayout.day)
                .opensUsed
        case .raw:
            let fd = try FileDescriptor.open(BenchLayout.counterFile(dir), .readOnly)
            defer { try? fd.close() }
            let bytes = try fd.readBytes(fromAbsoluteOffset: 0, count: 8)
            guard bytes.count == 8 else { throw BenchFailure(description: "raw counter has \(bytes.count) bytes") }
            return Int(bytes.reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
        case .sqliteC:
            let counter = try SQLiteCounter(sqlite!, path: BenchLayout.database(dir), durable: mode == .durable)
            defer { counter.close() }
            return Int(try counter.read())
        case .sqlitePy:
            if let sqlite {
                let counter = try SQLiteCounter(sqlite, path: BenchLayout.database(dir), durable: mode == .durable)
                defer { counter.close() }
                return Int(try counter.read())
            }
            let read = try runToCompletion(
                python!, [sqliteWorker!, "read", "--db", BenchLayout.database(dir)], scratch: dir)
            guard read.status == .exited(0),
                let value = Int(read.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
            else {
                throw BenchFailure(description: "sqlite-py read \(read.status): \(read.stdout) \(read.stderr)")
            }
            return value
        }
    }

    // MARK: Report

    /// The ratios shown in the table: ours over each reference.
    private var ratioPairs: [(Contender, Contender)] {
        let ours = config.contenders.filter { [.ledgerAdd, .ledgerSpend].contains($0) }
        let against = config.contenders.filter { [.sqliteC, .sqlitePy, .raw].contains($0) }
        return ours.flatMap { o in against.map { (o, $0) } }
    }

    private func makeReport() -> StoreReport {
        var rows: [StoreReport.Row] = []
        var ratios: [StoreReport.Ratio] = []
        for mode in config.modes {
            for k in config.ks {
                for contender in config.contenders {
                    let runs = results.filter { $0.mode == mode && $0.k == k && $0.contender == contender }
                    let rates = runs.map(\.opsPerSecond)
                    rows.append(
                        StoreReport.Row(
                            mode: mode.rawValue, k: k, contender: contender.rawValue, label: contender.label,
                            operationsPerProcess: config.operations(mode), medianOpsPerSecond: rates.median,
                            minOpsPerSecond: rates.min() ?? 0, maxOpsPerSecond: rates.max() ?? 0,
                            exact: runs.allSatisfy(\.exact), expectedCount: runs.first?.expectedCount ?? 0,
                            finalCounts: runs.map(\.finalCount)))
                }
                let allOurs = config.contenders.filter(\.isOurs)
                let references = config.contenders.filter { !$0.isOurs }
                for ours in allOurs {
                    for against in references {
                        // Paired by round: each round ran the contenders back to back.
                        var perRound: [Double] = []
                        for round in 0..<config.rounds {
                            let a = results.first {
                                $0.mode == mode && $0.k == k && $0.round == round && $0.contender == ours
                            }
                            let b = results.first {
                                $0.mode == mode && $0.k == k && $0.round == round && $0.contender == against
                            }
                            if let a, let b { perRound.append(a.opsPerSecond / b.opsPerSecond) }
                        }
                        ratios.append(
                            StoreReport.Ratio(
                                mode: mode.rawValue, k: k, ours: ours.rawValue, against: against.rawValue,
                                median: perRound.median))
                    }
                }
            }
        }
        var name = utsname()
        uname(&name)
        let kernel = withUnsafeBytes(of: &name.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        let machine = StoreReport.Machine(
            cores: Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))), kernel: kernel, scratch: config.scratch,
            scratchFileSystem: Self.fileSystemName(config.scratch),
            sqliteLibrary: sqlite.map { "\($0.libraryName) \($0.version)" },
            python: pythonVersion, pythonSQLite: pythonSQLiteVersion)
        let options = StoreReport.Options(
            ks: config.ks, m: config.m, durableM: config.durableM, rounds: config.rounds,
            modes: config.modes.map(\.rawValue), contenders: config.contenders.map(\.rawValue))
        return StoreReport(
            machine: machine, options: options, rows: rows, ratios: ratios, allExact: results.allSatisfy(\.exact))
    }

    /// The type of the file system holding `path`, from /proc/self/mounts
    /// (the longest mount point that is a prefix of the resolved path).
    private static func fileSystemName(_ path: String) -> String {
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        guard let mounts = try? String(contentsOfFile: "/proc/self/mounts", encoding: .utf8) else { return "?" }
        var best = (length: -1, type: "?")
        for line in mounts.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count >= 3 else { continue }
            let point = String(fields[1])
            let matches = point == "/" || resolved == point || resolved.hasPrefix(point + "/")
            if matches && point.count > best.length { best = (point.count, String(fields[2])) }
        }
        return best.type
    }

    private func renderTables(_ report: StoreReport) -> String {
        let short: [String: String] = [
            "ledger-add": "add", "ledger-spend": "spend", "sqlite-c": "SQLite-C", "sqlite-py": "SQLite-py",
            "raw": "raw",
        ]
        var text = "# oal-bench store\n\n"
        let m = report.machine
        text += "machine: \(m.cores) cores, Linux \(m.kernel), scratch \(m.scratch) (\(m.scratchFileSystem))"
        if let lib = m.sqliteLibrary { text += ", \(lib)" }
        if let py = m.python { text += ", python \(py) (sqlite \(m.pythonSQLite ?? "?"))" }
        text += "\n"
        text += "M = \(config.m) ops per process (durable: \(config.durableM)), \(config.rounds) round(s), "
        text += "contenders interleaved round-robin; ops/s = K×M / (last worker's end − barrier release)\n\n"
        for mode in config.modes {
            let title =
                mode == .durable
                ? "durable mode (survives power loss: fdatasync; SQLite synchronous=FULL)"
                : "default mode (survives a killed process: no fsync; SQLite synchronous=OFF)"
            text += "## \(title)\n\n"
            text += "| K | contender | median ops/s | min–max ops/s | count |\n|---:|---|---:|---:|---|\n"
            for row in report.rows where row.mode == mode.rawValue {
                text += "| \(row.k) | \(row.label) | \(formatRate(row.medianOpsPerSecond)) | "
                text += "\(formatRate(row.minOpsPerSecond))–\(formatRate(row.maxOpsPerSecond)) | "
                text += row.exact ? "exact (\(row.expectedCount))" : "WRONG \(row.finalCounts) ≠ \(row.expectedCount)"
                text += " |\n"
            }
            let pairs = ratioPairs
            if !pairs.isEmpty {
                text += "\nratios, ours / reference ops/s (median of per-round ratios; > 1: ours is faster)\n\n"
                text +=
                    "| K | "
                    + pairs.map { "\(short[$0.0.rawValue]!)/\(short[$0.1.rawValue]!)" }.joined(separator: " | ")
                text += " |\n|---:|" + pairs.map { _ in "---:" }.joined(separator: "|") + "|\n"
                for k in config.ks {
                    let values = pairs.map { pair in
                        report.ratios.first {
                            $0.mode == mode.rawValue && $0.k == k && $0.ours == pair.0.rawValue
                                && $0.against == pair.1.rawValue
                        }?.median
                    }
                    text += "| \(k) | " + values.map(formatRatio).joined(separator: " | ") + " |\n"
                }
            }
            text += "\n"
        }
        return text
    }
}

/// Runs a helper to completion with its output captured in `scratch`.
func runToCompletion(_ program: String, _ arguments: [String], scratch: String) throws -> (
    status: ChildProcess.Termination, stdout: String, stderr: String
) {
    let tag = "\(scratch)/.run-\(getpid())-\(UInt32.random(in: .min ... .max))"
    let out = tag + ".out"
    let err = tag + ".err"
    defer {
        try? FileSystem.unlink(out)
        try? FileSystem.unlink(err)
    }
    let child: ChildProcess
    do {
        child = try ChildProcess.spawn(program, arguments: arguments, standardOutput: out, standardError: err)
    } catch {
        throw BenchUnavailable(description: "cannot run \(program): \(error)")
    }
    let status = try child.wait()
    return (
        status, (try? String(contentsOfFile: out, encoding: .utf8)) ?? "",
        (try? String(contentsOfFile: err, encoding: .utf8)) ?? ""
    )
}
