import Foundation
import OALDomain
import OALSystem

/// The outcome of `UsageLedger.spendOpen`.
public enum SpendResult: Hashable, Sendable {
    /// One open was spent; `opensUsed` is the day's count including it.
    case granted(opensUsed: Int)
    /// The budget was already spent; nothing was written.
    case denied(opensUsed: Int)

    public var isGranted: Bool {
        if case .granted = self { return true }
        return false
    }

    public var opensUsed: Int {
        switch self {
        case .granted(let n), .denied(let n): n
        }
    }
}

/// Usage per rule per calendar day: `minutesUsed` (only ever moves up) and
/// `opensUsed` (counts up), shared by the monitor (minutes) and the shield
/// action (opens).
///
/// Storage: one append-only JSON Lines journal per day,
/// `usage/<yyyy-MM-dd>.jsonl`, guarded by `usage/<yyyy-MM-dd>.lock`.
/// ```
/// {"format":"oal.usage-journal","formatVersion":1,"day":"2026-11-29"}
/// {"rule":"6F1C…","opens":1}
/// {"rule":"6F1C…","minutesAtLeast":12}
/// ```
/// The first line is the header; every further line is one committed change
/// and is written with a single `write(2)` under the exclusive lock. The day's
/// usage is the fold of the lines (opens add up, minutes take the maximum).
///
/// - A trailing line without its newline was torn by a writer killed mid-write
///   (it was never acknowledged): readers ignore it, the next writer truncates
///   it away under the lock.
/// - A complete line that does not parse is corruption: the journal is moved
///   aside and `StoreError.corrupt` names the file and line.
/// - A header with a newer `formatVersion` is refused, never written to.
/// - Past `compactionThreshold` bytes the journal is rewritten atomically as
///   one line per rule.
///
/// The object caches the folded state with the inode and byte offset it has
/// read up to, and keeps its descriptors open, so each operation reads only
/// the lines other processes appended since. Safe to share between threads
/// (operations are serialised); processes coordinate through the lock files.
///
/// Crash points: `ledger.append.after-lock`, `ledger.append.torn-write`
/// (dies after writing half the line), `ledger.append.after-write`,
/// `ledger.create.before-rename`, `ledger.create.after-rename`,
/// `ledger.compact.before-rename`, `ledger.compact.after-rename`.
public final class UsageLedger: @unchecked Sendable {
    public static let storeName = "usage"
    public static let format = "oal.usage-journal"
    public static let version = 1
    public static let defaultCompactionThreshold = 64 * 1024

    /// `<container>/usage`
    public let directory: String
    public let durability: StoreDurability
    /// Whether a write now syncs (`durability`, asked at each write).
    public var durable: Bool { durability.syncsNow }
    public let compactionThreshold: Int

    /// Whether a read that finds a journal past `compactionThreshold`
    /// compacts it (under the exclusive lock). Only for a process that may
    /// write the ledger (the monitor, the shield action): a journal grown
    /// large by a writer that died before compacting, or planted, would
    /// otherwise cost every launch its whole fold until the next append.
    public let compactsOnRead: Bool
    /// False only for the `journal-without-salvage` mutant: a damaged
    /// journal is quarantined and the day starts empty, as before issue 10.
    public let salvagesDamage: Bool

    private let observer: StoreAccessObserver?
    private let threadLock = NSLock()
    private var journals: [DayKey: DayJournal] = [:]
    /// `{"rule":"<id>"` per rule, the start of every line this object writes.
    private var linePrefixes: [UUID: [UInt8]] = [:]

    /// - Parameters:
    ///   - durable: `fdatasync(2)` after every append (and fsync the directory
    ///     when a journal is created or compacted), so an acknowledged change
    ///     survives power loss, not only a process kill.
    ///   - compactionThreshold: journal size in bytes past which it is
    ///     rewritten as one line per rule.
    public init(
        container: AppGroupContainer, durable: StoreDurability = .never,
        compactionThreshold: Int = UsageLedger.defaultCompactionThreshold,
        compactsOnRead: Bool = false, observer: StoreAccessObserver? = nil, salvagesDamage: Bool = true
    ) throws(StoreError) {
        self.directory = try container.subdirectory(Self.storeName, durable: durable.syncsNow)
        self.durability = durable
        self.compactsOnRead = compactsOnRead
        self.salvagesDamage = salvagesDamage
        self.compactionThreshold = max(compactionThreshold, 256)
        self.observer = observer
    }

    public func journalPath(for day: DayKey) -> String { "\(directory)/\(day).jsonl" }
    public func lockPath(for day: DayKey) -> String { "\(directory)/\(day).lock" }

    // MARK: Reads (shared lock)

    /// The usage of `rule` on `day` (zero when none recorded).
    public func usage(rule: UUID, day: DayKey) throws -> DailyUsage {
        try usage(day: day)[rule] ?? .zero
    }

    /// Every rule's usage on `day`.
    public func usage(day: DayKey) throws -> [UUID: DailyUsage] {
        try threadLock.withLock { () throws -> [UUID: DailyUsage] in
            let journal = try journal(for: day)
            try journal.lock(.shared)
            var problem: JournalProblem?
            do throws(JournalProblem) {
                try journal.sync(repair: false)
            } catch {
                problem = error
            }
            try? journal.unlock()
            switch problem {
            case nil:
                break
            case .failure(let error)?:
                throw error
            case .corrupt?:
                // Only under the exclusive lock may the file move: re-check there.
                try journal.lock(.exclusive)
                defer { try? journal.unlock() }
                journal.reset()
                try syncForWriting(journal)
            }
            if compactsOnRead && journal.offset > Int64(compactionThreshold) {
                try journal.lock(.exclusive)
                defer { try? journal.unlock() }
                try syncForWriting(journal)
                if journal.offset > Int64(compactionThreshold) {
                    try compact(journal, day: day)
                    observer.report(Self.storeName, .write, journal.path)
                }
            }
            observer.report(Self.storeName, .read, journal.path)
            return journal.state
        }
    }

    /// The days that have a journal, in order.
    public func days() throws -> [DayKey] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            throw StoreError.io(path: directory, operation: "list directory", errno: .ioError)
        }
        return names.compactMap { name in
            name.hasSuffix(".jsonl") ? DayKey(String(name.dropLast(6))) : nil
        }.sorted()
    }

    // MARK: Writes (exclusive lock, one append each)

    /// Records that `rule` has used at least `minutes` on `day`. Minutes only
    /// move up: a value at or below the recorded one writes nothing.
    /// Returns the usage after the call.
    @discardableResult
    public func recordMinutes(_ minutes: Int, rule: UUID, day: DayKey) throws -> DailyUsage {
        precondition(minutes >= 0, "minutes cannot be negative")
        return try append(day: day) { current in
            let usage = current[rule] ?? .zero
            guard minutes > usage.minutesUsed else { return (nil, usage) }
            return (
                Entry(rule: rule, opens: 0, minutesAtLeast: minutes),
                DailyUsage(minutesUsed: minutes, opensUsed: usage.opensUsed)
            )
        }
    }

    /// Adds `count` opens to `rule` on `day` unconditionally. Returns the
    /// usage after the call.
    @discardableResult
    public func addOpens(_ count: Int = 1, rule: UUID, day: DayKey) throws -> DailyUsage {
        precondition(count >= 1, "add at least one open")
        var overflow = false
        let result = try append(day: day) { current in
            let usage = current[rule] ?? .zero
            let (sum, overflows) = usage.opensUsed.addingReportingOverflow(count)
            // A journal may hold Int.max opens (one valid line); more cannot
            // be counted: nothing is written and the call fails.
            guard !overflows else {
                overflow = true
                return (nil, usage)
            }
            return (
                Entry(rule: rule, opens: count, minutesAtLeast: nil),
                DailyUsage(minutesUsed: usage.minutesUsed, opensUsed: sum)
            )
        }
        if overflow { throw StoreError.io(path: journalPath(for: day), operation: "add opens", errno: .overflow) }
        return result
    }

    /// Spends one open of `rule` on `day` if fewer than `budget` are spent:
    /// the check and the spend are one step under one exclusive lock, so
    /// concurrent presses can never spend more than `budget`.
    public func spendOpen(rule: UUID, day: DayKey, budget: Int) throws -> SpendResult {
        var granted = false
        let usage = try append(day: day) { current in
            let usage = current[rule] ?? .zero
            guard usage.opensUsed < budget else { return (nil, usage) }
            granted = true
            return (
                Entry(rule: rule, opens: 1, minutesAtLeast: nil),
                DailyUsage(minutesUsed: usage.minutesUsed, opensUsed: usage.opensUsed + 1)
            )
        }
        return granted ? .granted(opensUsed: usage.opensUsed) : .denied(opensUsed: usage.opensUsed)
    }

    /// Rewrites `day`'s journal as one line per rule (atomically).
    public func compact(day: DayKey) throws {
        try threadLock.withLock { () throws in
            let journal = try journal(for: day)
            try journal.lock(.exclusive)
            defer { try? journal.unlock() }
            try syncForWriting(journal)
            guard journal.exists else { return }
            try compact(journal, day: day)
            observer.report(Self.storeName, .write, journal.path)
        }
    }

    // MARK: - Internals

    struct Entry {
        var rule: UUID
        var opens: Int
        var minutesAtLeast: Int?
    }

    /// Locks `day` exclusively, catches up with the journal, asks `decide`
    /// for the line to append (nil: nothing to write) and appends it.
    private func append(
        day: DayKey, _ decide: ([UUID: DailyUsage]) -> (Entry?, DailyUsage)
    ) throws -> DailyUsage {
        try threadLock.withLock { () throws -> DailyUsage in
            let journal = try journal(for: day)
            try journal.lock(.exclusive)
            defer { try? journal.unlock() }
            CrashPoint.reach("ledger.append.after-lock")
            try syncForWriting(journal)
            let (entry, result) = decide(journal.state)
            guard let entry else {
                observer.report(Self.storeName, .read, journal.path)
                return result
            }
            if !journal.exists {
                try create(journal, day: day)
            }
            try journal.append(encode(entry), folding: entry, durable: durable)
            CrashPoint.reach("ledger.append.after-write")
            if journal.offset > Int64(compactionThreshold) {
                try compact(journal, day: day)
            }
            observer.report(Self.storeName, .write, journal.path)
            return result
        }
    }

    /// Under the exclusive lock: catch up (repairing a torn tail); a corrupt
    /// journal is quarantined and reported, a newer one refused.
    private func syncForWriting(_ journal: DayJournal) throws(StoreError) {
        do throws(JournalProblem) {
            try journal.sync(repair: true)
        } catch {
            switch error {
            case .failure(let storeError):
                throw storeError
            case .corrupt(let line, let reason):
                journal.reset()
                let moved = try Quarantine.moveAside(journal.path, durable: durable)
                Self.giveFreshInode(moved, durable: durable)
                try rebuild(journal, fromQuarantined: moved)
                observer.report(Self.storeName, .write, journal.path)
                throw StoreError.corrupt(path: journal.path, line: line, reason: reason, quarantinedTo: moved)
            }
        }
    }

    /// A damaged line loses what it held, not the whole day: the day's
    /// journal is written afresh (one line per rule, as a compaction) from
    /// every entry line of the quarantined copy that still parses, when its
    /// header names this day (otherwise its lines may be another day's, and
    /// the day starts empty). The operation that met the damage still fails.
    private func rebuild(_ journal: DayJournal, fromQuarantined moved: String) throws(StoreError) {
        guard salvagesDamage, let damaged = try? FileSystem.readFile(moved),
            let totals = JournalSalvage.totals(damaged, header: Self.header(journal.day)), !totals.isEmpty
        else { return }
        var bytes = Self.header(journal.day)
        for (rule, usage) in totals.sorted(by: { $0.key.uuidString < $1.key.uuidString }) {
            Self.encode(
                Entry(rule: rule, opens: usage.opensUsed, minutesAtLeast: usage.minutesUsed),
                prefix: Self.linePrefix(rule), into: &bytes)
        }
        let (path, durable) = (journal.path, durable)
        try io(path, "rebuild journal") { () throws(Errno) in
            try AtomicFile.replace(path, with: bytes, durable: durable)
        }
    }

    /// Other processes may still hold the quarantined file open, and they
    /// notice a replaced journal by its link count dropping to zero
    /// (`DayJournal.sync`); a rename keeps the count at one. So the moved-aside
    /// copy is rewritten (same name, same bytes) as a new inode, leaving the
    /// old one without a name. Best effort: should it fail, a process still on
    /// the old inode finds out when it reaches the corrupt line, which
    /// `DayJournal.sync` checks against the path before reporting.
    private static func giveFreshInode(_ moved: String, durable: Bool) {
        guard let bytes = try? FileSystem.readFile(moved) else { return }
        try? AtomicFile.replace(moved, with: bytes, durable: durable)
    }

    private func create(_ journal: DayJournal, day: DayKey) throws(StoreError) {
        let hooks = AtomicFile.Hooks(
            beforeRename: { CrashPoint.reach("ledger.create.before-rename") },
            afterRename: { CrashPoint.reach("ledger.create.after-rename") })
        let path = journal.path
        let header = Self.header(day)
        let durable = durable
        // Under the journal's exclusive lock: temporaries left by a create
        // or compaction killed before its rename are garbage.
        _ = try? AtomicFile.removeStrayTemporaries(of: path)
        try io(path, "create journal") { () throws(Errno) in
            try AtomicFile.replace(path, with: header, durable: durable, hooks: hooks)
        }
        try syncForWriting(journal)
    }

    private func compact(_ journal: DayJournal, day: DayKey) throws(StoreError) {
        var bytes = Self.header(day)
        // Sorted by the canonical string, i.e. by the id's bytes.
        let sorted = journal.state.sorted { a, b in
            withUnsafeBytes(of: a.key.uuid) { x in
                withUnsafeBytes(of: b.key.uuid) { y in x.lexicographicallyPrecedes(y) }
            }
        }
        for (rule, usage) in sorted where usage != .zero {
            Self.encode(
                Entry(rule: rule, opens: usage.opensUsed, minutesAtLeast: usage.minutesUsed),
                prefix: Self.linePrefix(rule), into: &bytes)
        }
        let hooks = AtomicFile.Hooks(
            beforeRename: { CrashPoint.reach("ledger.compact.before-rename") },
            afterRename: { CrashPoint.reach("ledger.compact.after-rename") })
        let path = journal.path
        let durable = durable
        _ = try? AtomicFile.removeStrayTemporaries(of: path)
        try io(path, "compact journal") { () throws(Errno) in
            try AtomicFile.replace(path, with: bytes, durable: durable, hooks: hooks)
        }
        journal.reset()
        try syncForWriting(journal)
    }

    private func journal(for day: DayKey) throws(StoreError) -> DayJournal {
        if let journal = journals[day] { return journal }
        let journal = try DayJournal(day: day, path: journalPath(for: day), lockPath: lockPath(for: day))
        journals[day] = journal
        return journal
    }

    static func header(_ day: DayKey) -> [UInt8] {
        Array("{\"format\":\"\(format)\",\"formatVersion\":\(version),\"day\":\"\(day)\"}\n".utf8)
    }

    /// One entry line, its `{"rule":"<id>"` start cached per rule.
    private func encode(_ entry: Entry) -> [UInt8] {
        let prefix: [UInt8]
        if let cached = linePrefixes[entry.rule] {
            prefix = cached
        } else {
            prefix = Self.linePrefix(entry.rule)
            if linePrefixes.count >= 4096 { linePrefixes.removeAll(keepingCapacity: true) }
            linePrefixes[entry.rule] = prefix
        }
        var line: [UInt8] = []
        line.reserveCapacity(prefix.count + 48)
        Self.encode(entry, prefix: prefix, into: &line)
        return line
    }

    /// `{"rule":"<canonical id>"`
    static func linePrefix(_ rule: UUID) -> [UInt8] {
        var bytes = Array("{\"rule\":\"".utf8)
        CanonicalUUID.append(rule, to: &bytes)
        bytes.append(0x22)
        return bytes
    }

    /// Appends `{"rule":"<id>"[,"minutesAtLeast":m][,"opens":n]}\n`.
    static func encode(_ entry: Entry, prefix: [UInt8], into line: inout [UInt8]) {
        line += prefix
        if let minutes = entry.minutesAtLeast {
            line += #","minutesAtLeast":"#.utf8
            appendDecimal(minutes, to: &line)
        }
        if entry.opens != 0 || entry.minutesAtLeast == nil {
            line += #","opens":"#.utf8
            appendDecimal(entry.opens, to: &line)
        }
        line += "}\n".utf8
    }

    static func encode(_ entry: Entry) -> [UInt8] {
        var line: [UInt8] = []
        encode(entry, prefix: linePrefix(entry.rule), into: &line)
        return line
    }

    private static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        guard value >= 0 else {
            bytes += String(value).utf8
            return
        }
        if value < 10 {
            bytes.append(0x30 &+ UInt8(value))
            return
        }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // room for 24 digits
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { buffer in
            while rest > 0 {
                buffer[count] = 0x30 &+ UInt8(rest % 10)
                rest /= 10
                count += 1
            }
            for k in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[k]) }
        }
    }
}

/// Why catching up with a journal stopped.
enum JournalProblem: Error {
    case corrupt(line: Int, reason: String)
    case failure(StoreError)
}

/// One day's journal as this process has read it so far.
final class DayJournal {
    let day: DayKey
    let path: String
    let lockPath: String
    private let lockFile: FileDescriptor

    private var data: FileDescriptor?
    private var inode: UInt64 = 0
    /// Bytes folded so far: always the end of a complete line.
    private(set) var offset: Int64 = 0
    /// Complete lines folded so far (the header included).
    private var lines = 0
    private(set) var state: [UUID: DailyUsage] = [:]

    var exists: Bool { data != nil }

    init(day: DayKey, path: String, lockPath: String) throws(StoreError) {
        self.day = day
        self.path = path
        self.lockPath = lockPath
        self.lockFile = try io(lockPath, "open lock file") { () throws(Errno) in
            try FileDescriptor.open(lockPath, .readWrite, options: [.create, .noFollow], permissions: .ownerReadWrite)
        }
    }

    deinit {
        try? lockFile.close()
        try? data?.close()
    }

    func lock(_ mode: LockMode) throws(StoreError) {
        try io(lockPath, "flock") { () throws(Errno) in try lockFile.lock(mode) }
    }

    func unlock() throws(StoreError) {
        try io(lockPath, "flock unlock") { () throws(Errno) in try lockFile.unlock() }
    }

    /// Forgets everything read (the file was replaced or moved aside).
    func reset() {
        try? data?.close()
        data = nil
        inode = 0
        offset = 0
        lines = 0
        state = [:]
    }

    /// Catches up with the file under the lock: reopens it when it was
    /// replaced or moved aside (compaction, creation, quarantine), folds the
    /// complete lines past `offset`, and with `repair` (exclusive lock only)
    /// truncates a torn tail.
    ///
    /// Noticing a replaced journal costs no path lookup: every replacement
    /// renames a new file over the path (or, for quarantine, away from it and
    /// then rewrites the moved copy as a new inode), always under the
    /// exclusive lock, so once we hold the lock the inode we have open has
    /// link count zero exactly when it is no longer the journal. `fstat` on
    /// the open descriptor returns that count with the size. As a second line
    /// of defence a corrupt line is reported only after `stat(path)` confirms
    /// the open file is still the journal.
    func sync(repair: Bool) throws(JournalProblem) {
        do throws(JournalProblem) {
            try catchUp(repair: repair)
        } catch {
            guard case .corrupt = error, data != nil, !isStillAtPath() else { throw error }
            reset()
            try catchUp(repair: repair)
        }
    }

    /// Whether `path` still names the file we have open.
    private func isStillAtPath() -> Bool {
        do throws(Errno) {
            guard let current = try FileSystem.status(path) else { return false }
            return current.inode == inode
        } catch {
            return true  // cannot tell: keep the verdict
        }
    }

    private func catchUp(repair: Bool) throws(JournalProblem) {
        func fail(_ operation: String, _ errno: Errno) -> JournalProblem {
            .failure(.io(path: path, operation: operation, errno: errno))
        }
        var size: Int64 = 0
        if let data {
            let status: FileStatus
            do { status = try data.status() } catch { throw fail("fstat", error) }
            if status.linkCount == 0 {
                // Replaced or removed by another process since we read it.
                reset()
            } else {
                size = status.size
            }
        }
        if data == nil {
            reset()
            do {
                let fd = try FileDescriptor.open(path, .readWrite, options: [.append, .noFollow])
                data = fd
                let status = try fd.status()
                inode = status.inode
                size = status.size
            } catch {
                reset()
                if error == .noSuchFileOrDirectory { return }
                throw fail("open", error)
            }
        }
        guard let data else { return }
        if size < offset {
            // Shrunk under us without a new inode: start over from the top.
            reset()
            try catchUp(repair: repair)
            return
        }
        if size > offset {
            let bytes: [UInt8]
            do {
                bytes = try data.readBytes(fromAbsoluteOffset: offset, count: Int(size - offset))
            } catch { throw fail("pread", error) }
            var start = 0
            try bytes.withUnsafeBufferPointer { (buffer) throws(JournalProblem) in
                var index = 0
                while index < buffer.count {
                    if buffer[index] == 0x0A {
                        let line = UnsafeBufferPointer(rebasing: buffer[start..<index])
                        try fold(line, number: lines + 1)
                        lines += 1
                        start = index + 1
                    }
                    index += 1
                }
            }
            offset += Int64(start)
            if start < bytes.count {
                if lines == 0 { throw .corrupt(line: 1, reason: "header line is incomplete") }
                if repair {
                    do { try data.resize(to: offset) } catch { throw fail("ftruncate torn tail", error) }
                }
            }
        }
        if lines == 0 { throw .corrupt(line: 1, reason: "missing header line") }
    }

    /// Appends one line with a single `write(2)`.
    /// `entry` is what `line` encodes: it is folded in directly, not re-parsed.
    func append(_ line: [UInt8], folding entry: UsageLedger.Entry, durable: Bool) throws(StoreError) {
        guard let data else { preconditionFailure("append to a journal that does not exist") }
        CrashPoint.reach("ledger.append.torn-write") {
            _ = line.withUnsafeBytes { raw in
                try? data.write(UnsafeRawBufferPointer(rebasing: raw[0..<(line.count / 2)]))
            }
        }
        let written: Int
        do throws(Errno) {
            let result = line.withUnsafeBytes { raw in Result { () throws(Errno) -> Int in try data.write(raw) } }
            written = try result.get()
        } catch {
            try? data.resize(to: offset)
            throw .io(path: path, operation: "append", errno: error)
        }
        guard written == line.count else {
            // A short write (disk full): take it back so no torn line stays.
            try? data.resize(to: offset)
            throw .io(path: path, operation: "append (short write)", errno: .noSpace)
        }
        if durable {
            try io(path, "fdatasync") { () throws(Errno) in try data.dataSync() }
        }
        apply(rule: entry.rule, opens: entry.opens, minutesAtLeast: entry.minutesAtLeast)
        lines += 1
        offset += Int64(line.count)
    }

    /// Applies one complete line (without its newline).
    private func fold(_ line: UnsafeBufferPointer<UInt8>, number: Int) throws(JournalProblem) {
        guard let fields = JournalLine.parse(line) else {
            throw .corrupt(line: number, reason: "not a JSON object: \(JournalLine.preview(line))")
        }
        if number == 1 {
            guard fields.format == UsageLedger.format else {
                throw .corrupt(
                    line: 1,
                    reason:
                        "header format is \(fields.format.map { "\"\($0)\"" } ?? "missing"), expected \"\(UsageLedger.format)\""
                )
            }
            guard let version = fields.formatVersion, version >= 1 else {
                throw .corrupt(line: 1, reason: "header has no valid formatVersion")
            }
            if version > UsageLedger.version {
                throw .failure(.newerFormat(path: path, found: version, known: UsageLedger.version))
            }
            guard fields.day == day.description else {
                throw .corrupt(
                    line: 1, reason: "header day \(fields.day ?? "missing") does not match the file's day \(day)")
            }
            return
        }
        guard let rule = fields.ruleIdentifier else {
            throw .corrupt(line: number, reason: "entry has no valid rule id: \(JournalLine.preview(line))")
        }
        if let opens = fields.opens, opens < 0 { throw .corrupt(line: number, reason: "negative opens") }
        if let minutes = fields.minutesAtLeast, minutes < 0 {
            throw .corrupt(line: number, reason: "negative minutesAtLeast")
        }
        if let opens = fields.opens, opens > 0,
            (state[rule]?.opensUsed ?? 0).addingReportingOverflow(opens).overflow
        {
            // Each count fits an Int but their sum does not: no day holds
            // that many opens, and folding it would trap every reader.
            throw .corrupt(line: number, reason: "opens add up past Int.max for rule \(rule.uuidString)")
        }
        apply(rule: rule, opens: fields.opens ?? 0, minutesAtLeast: fields.minutesAtLeast)
    }

    /// Opens add up; minutes take the maximum.
    private func apply(rule: UUID, opens: Int, minutesAtLeast: Int?) {
        var usage = state[rule] ?? .zero
        usage.opensUsed += opens
        if let minutes = minutesAtLeast { usage.minutesUsed = max(usage.minutesUsed, minutes) }
        state[rule] = usage
    }
}
