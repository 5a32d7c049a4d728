import Foundation
import Glibc
import OALDomain
import OALStore
import OALSystem

/// What one benchmark row measures.
enum Contender: String, CaseIterable, Codable, Sendable {
    /// `UsageLedger.addOpens(1, …)`: one journal append per operation.
    case ledgerAdd = "ledger-add"
    /// `UsageLedger.spendOpen(…)` with a budget it never reaches.
    case ledgerSpend = "ledger-spend"
    /// `UsageLedger.spendOpen(…)` with a budget of half the operations:
    /// half are granted (an append), half denied (a read under the lock).
    case ledgerDeny = "ledger-deny"
    /// The floor: flock + pread + pwrite of an 8-byte counter, no JSON.
    case raw
    /// SQLite (WAL, `BEGIN IMMEDIATE`) through its C API, from Swift.
    case sqliteC = "sqlite-c"
    /// The same SQLite transaction from python3's sqlite3 module.
    case sqlitePy = "sqlite-py"

    var label: String {
        switch self {
        case .ledgerAdd: "UsageLedger addOpens"
        case .ledgerSpend: "UsageLedger spendOpen"
        case .ledgerDeny: "UsageLedger spendOpen, ½ denied"
        case .raw: "raw flock+pread+pwrite"
        case .sqliteC: "SQLite WAL, C API"
        case .sqlitePy: "SQLite WAL, python3"
        }
    }

    /// Whether this is our store (the numerator of the ratios).
    var isOurs: Bool { [.ledgerAdd, .ledgerSpend, .ledgerDeny].contains(self) }
}

/// Crash safety both sides are held to.
enum Mode: String, CaseIterable, Codable, Sendable {
    /// Survives a killed process: no fsync in our store, SQLite `synchronous=OFF`.
    case `default`
    /// Survives power loss: our durable mode (fdatasync per append, fsync +
    /// directory fsync on create/compact), SQLite `synchronous=FULL`.
    case durable

    var sqliteSync: String { self == .durable ? "full" : "off" }
}

/// The fixed names every run uses inside its scratch directory.
enum BenchLayout {
    static let rule = UUID(uuidString: "6F1C0B5E-0000-4000-8000-00000000BE7C")!
    /// A second rule written once before the timed section, so the journal
    /// exists (as the SQLite table and the raw counter file do).
    static let otherRule = UUID(uuidString: "6F1C0B5E-0000-4000-8000-0000000000AA")!
    static let day = DayKey(year: 2026, month: 11, day: 30)!

    static func appGroup(_ dir: String) -> String { dir + "/appgroup" }
    static func counterFile(_ dir: String) -> String { dir + "/counter.bin" }
    static func database(_ dir: String) -> String { dir + "/counter.sqlite" }
    static func goFile(_ dir: String) -> String { dir + "/go.lock" }
    static func readyFile(_ dir: String, _ worker: Int) -> String { dir + "/ready-\(worker)" }

    static func ledger(_ dir: String, durable: Bool) throws -> UsageLedger {
        let container = try AppGroupContainer(url: URL(fileURLWithPath: appGroup(dir), isDirectory: true))
        return try UsageLedger(container: container, durable: StoreDurability(durable))
    }
}

/// The barrier: create the ready file, then block on a shared flock of the
/// go file, which the coordinator holds exclusively until every worker is
/// ready. Returns the start time.
func waitForGo(ready: String, go: String) throws -> UInt64 {
    let goFile = try FileDescriptor.open(go, .readOnly)
    defer { try? goFile.close() }
    try FileDescriptor.open(ready, .writeOnly, options: [.create], permissions: .ownerReadWrite).close()
    try goFile.lock(.shared)
    try goFile.unlock()
    return monotonicNanoseconds()
}

/// `oal-bench worker`: one process of a measurement. Prints
/// `<start-ns> <end-ns> <granted>`.
func runWorker(_ arguments: [String]) throws {
    let options = try ParsedOptions(
        arguments, valued: ["contender", "dir", "count", "mode", "ready", "go", "budget"], flags: [])
    guard let contender = Contender(rawValue: try options.string("contender")) else {
        throw BenchUsageError(description: "unknown --contender")
    }
    guard let mode = Mode(rawValue: try options.string("mode")) else {
        throw BenchUsageError(description: "--mode must be default or durable")
    }
    let dir = try options.string("dir")
    let count = try options.int("count") ?? 0
    let ready = try options.string("ready")
    let go = try options.string("go")
    let durable = mode == .durable
    var granted = 0
    let start: UInt64
    let end: UInt64

    switch contender {
    case .ledgerAdd, .ledgerSpend, .ledgerDeny:
        let ledger = try BenchLayout.ledger(dir, durable: durable)
        let rule = BenchLayout.rule
        let day = BenchLayout.day
        _ = try ledger.usage(day: day)  // opens the descriptors, reads the journal once
        let budget = try options.int("budget") ?? Int.max
        start = try waitForGo(ready: ready, go: go)
        if contender == .ledgerAdd {
            for _ in 0..<count { try ledger.addOpens(1, rule: rule, day: day) }
            granted = count
        } else {
            for _ in 0..<count {
                if try ledger.spendOpen(rule: rule, day: day, budget: budget).isGranted { granted += 1 }
            }
        }
        end = monotonicNanoseconds()

    case .raw:
        let fd = try FileDescriptor.open(BenchLayout.counterFile(dir), .readWrite)
        defer { try? fd.close() }
        var value: UInt64 = 0
        start = try waitForGo(ready: ready, go: go)
        for _ in 0..<count {
            try fd.lock(.exclusive)
            let got = try withUnsafeMutableBytes(of: &value) { raw throws(Errno) in
                try fd.read(fromAbsoluteOffset: 0, into: raw)
            }
            guard got == 8 else { throw BenchFailure(description: "short read of the counter: \(got) bytes") }
            value = UInt64(littleEndian: value) + 1
            var stored = value.littleEndian
            let put = try withUnsafeBytes(of: &stored) { raw throws(Errno) in
                try fd.write(toAbsoluteOffset: 0, raw)
            }
            guard put == 8 else { throw BenchFailure(description: "short write of the counter: \(put) bytes") }
            if durable { try fd.dataSync() }
            try fd.unlock()
        }
        end = monotonicNanoseconds()
        granted = count

    case .sqliteC:
        let library = try SQLiteLibrary.load()
        let counter = try SQLiteCounter(library, path: BenchLayout.database(dir), durable: durable)
        _ = try counter.read()  // reads the schema, like the ledger's first read
        start = try waitForGo(ready: ready, go: go)
        for _ in 0..<count { _ = try counter.increment() }
        end = monotonicNanoseconds()
        counter.close()  // the last close checkpoints the WAL: after the timed section
        granted = count

    case .sqlitePy:
        throw BenchUsageError(description: "sqlite-py workers are scripts/bench_sqlite_worker.py")
    }
    writeOut("\(start) \(end) \(granted)\n")
}
