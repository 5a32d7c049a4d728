import Glibc

/// The machine's libsqlite3, loaded with `dlopen(3)` so the benchmark can
/// drive SQLite's C API from Swift without a header, a module map or a new
/// package target. Only the dozen functions the benchmark needs.
final class SQLiteLibrary: @unchecked Sendable {
    typealias Handle = OpaquePointer
    typealias Statement = OpaquePointer

    static let ok: Int32 = 0
    static let row: Int32 = 100
    static let done: Int32 = 101
    static let openReadWrite: Int32 = 0x0000_0002
    static let openCreate: Int32 = 0x0000_0004

    private typealias OpenFn =
        @convention(c) (
            UnsafePointer<CChar>?, UnsafeMutablePointer<OpaquePointer?>?, Int32, UnsafePointer<CChar>?
        ) -> Int32
    private typealias HandleFn = @convention(c) (OpaquePointer?) -> Int32
    // The callback is a C function pointer; the benchmark always passes NULL.
    private typealias ExecFn =
        @convention(c) (
            OpaquePointer?, UnsafePointer<CChar>?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?,
            UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        ) -> Int32
    private typealias PrepareFn =
        @convention(c) (
            OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<OpaquePointer?>?,
            UnsafeMutablePointer<UnsafePointer<CChar>?>?
        ) -> Int32
    private typealias ColumnInt64Fn = @convention(c) (OpaquePointer?, Int32) -> Int64
    private typealias BindInt64Fn = @convention(c) (OpaquePointer?, Int32, Int64) -> Int32
    private typealias BusyTimeoutFn = @convention(c) (OpaquePointer?, Int32) -> Int32
    private typealias ErrorMessageFn = @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    private typealias VersionFn = @convention(c) () -> UnsafePointer<CChar>?

    private let openFn: OpenFn
    private let closeFn: HandleFn
    private let execFn: ExecFn
    private let prepareFn: PrepareFn
    private let stepFn: HandleFn
    private let resetFn: HandleFn
    private let finalizeFn: HandleFn
    private let columnInt64Fn: ColumnInt64Fn
    private let bindInt64Fn: BindInt64Fn
    private let busyTimeoutFn: BusyTimeoutFn
    private let errorMessageFn: ErrorMessageFn
    private let versionFn: VersionFn

    /// Which file was loaded.
    let libraryName: String

    struct Unavailable: Error, CustomStringConvertible {
        let description: String
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Loads the first of the usual names that `dlopen` finds.
    static func load() throws -> SQLiteLibrary {
        var reasons: [String] = []
        for name in ["libsqlite3.so.0", "libsqlite3.so"] {
            guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
                reasons.append(dlerror().map { String(cString: $0) } ?? name)
                continue
            }
            return try SQLiteLibrary(handle: handle, name: name)
        }
        throw Unavailable(description: "libsqlite3 not found: " + reasons.joined(separator: "; "))
    }

    private init(handle: UnsafeMutableRawPointer, name: String) throws {
        func symbol<T>(_ symbolName: String, _: T.Type) throws -> T {
            guard let pointer = dlsym(handle, symbolName) else {
                throw Unavailable(description: "\(name) has no \(symbolName)")
            }
            return unsafeBitCast(pointer, to: T.self)
        }
        libraryName = name
        openFn = try symbol("sqlite3_open_v2", OpenFn.self)
        closeFn = try symbol("sqlite3_close", HandleFn.self)
        execFn = try symbol("sqlite3_exec", ExecFn.self)
        prepareFn = try symbol("sqlite3_prepare_v2", PrepareFn.self)
        stepFn = try symbol("sqlite3_step", HandleFn.self)
        resetFn = try symbol("sqlite3_reset", HandleFn.self)
        finalizeFn = try symbol("sqlite3_finalize", HandleFn.self)
        columnInt64Fn = try symbol("sqlite3_column_int64", ColumnInt64Fn.self)
        bindInt64Fn = try symbol("sqlite3_bind_int64", BindInt64Fn.self)
        busyTimeoutFn = try symbol("sqlite3_busy_timeout", BusyTimeoutFn.self)
        errorMessageFn = try symbol("sqlite3_errmsg", ErrorMessageFn.self)
        versionFn = try symbol("sqlite3_libversion", VersionFn.self)
    }

    var version: String { versionFn().map { String(cString: $0) } ?? "?" }

    func open(_ path: String) throws -> Handle {
        var db: OpaquePointer?
        let rc = openFn(path, &db, Self.openReadWrite | Self.openCreate, nil)
        guard rc == Self.ok, let db else {
            let message = db.flatMap { errorMessageFn($0) }.map { String(cString: $0) } ?? "code \(rc)"
            if let db { _ = closeFn(db) }
            throw Failure(description: "sqlite3_open_v2 \(path): \(message)")
        }
        _ = busyTimeoutFn(db, 600_000)
        return db
    }

    func close(_ db: Handle) { _ = closeFn(db) }

    func exec(_ db: Handle, _ sql: String) throws {
        let rc = execFn(db, sql, nil, nil, nil)
        guard rc == Self.ok else { throw failure(db, sql, rc) }
    }

    func prepare(_ db: Handle, _ sql: String) throws -> Statement {
        var statement: OpaquePointer?
        let rc = prepareFn(db, sql, -1, &statement, nil)
        guard rc == Self.ok, let statement else { throw failure(db, sql, rc) }
        return statement
    }

    func finalize(_ statement: Statement) { _ = finalizeFn(statement) }

    /// Steps `statement` once, expecting `expected` (row or done), then resets it.
    @inline(__always)
    func stepOnce(_ db: Handle, _ statement: Statement, expecting expected: Int32) throws {
        let rc = stepFn(statement)
        guard rc == expected else {
            _ = resetFn(statement)
            throw failure(db, "step", rc)
        }
    }

    @inline(__always) func reset(_ statement: Statement) { _ = resetFn(statement) }

    @inline(__always) func columnInt64(_ statement: Statement, _ index: Int32) -> Int64 {
        columnInt64Fn(statement, index)
    }

    @inline(__always) func bind(_ statement: Statement, _ index: Int32, _ value: Int64) throws {
        let rc = bindInt64Fn(statement, index, value)
        guard rc == Self.ok else { throw Failure(description: "sqlite3_bind_int64: code \(rc)") }
    }

    private func failure(_ db: Handle, _ what: String, _ rc: Int32) -> Failure {
        let message = errorMessageFn(db).map { String(cString: $0) } ?? "?"
        return Failure(description: "sqlite \(what): \(message) (code \(rc))")
    }
}

/// The benchmark's SQLite counter, driven through the C API: the same SQL
/// as scripts/bench_sqlite_worker.py, with the statements prepared once.
struct SQLiteCounter {
    let library: SQLiteLibrary
    let db: SQLiteLibrary.Handle
    private let begin: SQLiteLibrary.Statement
    private let select: SQLiteLibrary.Statement
    private let update: SQLiteLibrary.Statement
    private let commit: SQLiteLibrary.Statement

    /// Creates the database (WAL mode) with one counter row at 0.
    static func create(_ library: SQLiteLibrary, path: String) throws {
        let db = try library.open(path)
        defer { library.close(db) }
        try library.exec(db, "PRAGMA journal_mode=WAL")
        try library.exec(db, "CREATE TABLE counter(id INTEGER PRIMARY KEY, n INTEGER NOT NULL)")
        try library.exec(db, "INSERT INTO counter(id, n) VALUES (1, 0)")
    }

    /// Opens the database with `synchronous` OFF (`durable` false) or FULL.
    init(_ library: SQLiteLibrary, path: String, durable: Bool) throws {
        self.library = library
        db = try library.open(path)
        try library.exec(db, "PRAGMA journal_mode=WAL")
        try library.exec(db, durable ? "PRAGMA synchronous=FULL" : "PRAGMA synchronous=OFF")
        begin = try library.prepare(db, "BEGIN IMMEDIATE")
        select = try library.prepare(db, "SELECT n FROM counter WHERE id = 1")
        update = try library.prepare(db, "UPDATE counter SET n = ? WHERE id = 1")
        commit = try library.prepare(db, "COMMIT")
    }

    func close() {
        for statement in [begin, select, update, commit] { library.finalize(statement) }
        library.close(db)
    }

    /// The counter, outside any explicit transaction.
    func read() throws -> Int64 {
        try library.stepOnce(db, select, expecting: SQLiteLibrary.row)
        defer { library.reset(select) }
        return library.columnInt64(select, 0)
    }

    /// `BEGIN IMMEDIATE; SELECT n; UPDATE n = n + 1; COMMIT`. Returns the new value.
    @inline(__always)
    func increment() throws -> Int64 {
        try library.stepOnce(db, begin, expecting: SQLiteLibrary.done)
        library.reset(begin)
        do {
            try library.stepOnce(db, select, expecting: SQLiteLibrary.row)
            let value = library.columnInt64(select, 0) + 1
            library.reset(select)
            try library.bind(update, 1, value)
            try library.stepOnce(db, update, expecting: SQLiteLibrary.done)
            library.reset(update)
            try library.stepOnce(db, commit, expecting: SQLiteLibrary.done)
            library.reset(commit)
            return value
        } catch {
            try? library.exec(db, "ROLLBACK")
            throw error
        }
    }
}
