import Foundation
import OALPlatform
import OALScenario
import OALSystem

/// Every App Group store, and the app's private store, still parses after
/// every step: a versioned JSON document has its envelope (`format`,
/// `formatVersion`, `document`), a journal's every line is JSON. A file
/// written in a newer format is fine (it is left untouched by design); one
/// a fault corrupted on purpose is expected until a process touches it;
/// moved-aside copies (`*.corrupt-N`) are reported as quarantined.
extension Oracle {
    func checkStoresParse(_ events: [TraceEvent]) {
        for directory in [root.appGroup, root.appContainer] {
            for path in files(under: directory) {
                report.checksRun += 1
                let store = storePaths.facts(of: path)
                if store.isQuarantined {
                    if !report.quarantined.contains(path) { report.quarantined.append(path) }
                    continue
                }
                let name = store.name
                let key = store.key
                guard let problem = parseProblemOfCurrentBytes(path) else {
                    // What `resolved` would find to do: an episode open,
                    // or a free-running run's lag to settle.
                    if lag != nil || openEpisodes.contains(store.episode) { resolved(.storesParse, key: key) }
                    if injectedStoreFaults[path] != nil { injectedStoreFaults[path] = nil }
                    continue
                }
                if let reason = injectedStoreFaults[path] {
                    expect(
                        .storesParse, key: key, expected: "\(name) parses", actual: problem,
                        reason: "injected fault (\(reason)); quarantined at the next access")
                } else {
                    violate(
                        .storesParse, key: key, expected: "\(path) parses or is quarantined and reported",
                        actual: problem)
                }
            }
        }
    }

    /// A quarantined file's name (`NAME.corrupt-...`), asked of every
    /// entry of the App Group at every observation: a plain scan of the
    /// name's bytes (Foundation's `contains` was a sixth of this check's
    /// cost, then the standard library's generic `firstRange` most of the
    /// listing's).
    static func isQuarantined(_ name: String) -> Bool {
        var name = name
        return name.withUTF8 { bytes in
            let marker = corruptMarker
            guard bytes.count >= marker.count else { return false }
            for start in 0...(bytes.count - marker.count) where bytes[start] == marker[0] {
                var index = 1
                while index < marker.count, bytes[start + index] == marker[index] { index += 1 }
                if index == marker.count { return true }
            }
            return false
        }
    }

    private static let corruptMarker = Array(".corrupt-".utf8)

    func files(under directory: URL) -> [String] {
        let base = directory.path
        let relatives = listing.relativePaths(under: base)
        // The same listing (most steps: `DirectoryListing` gives its last
        // array back) gives the same files.
        if let last = storeFiles[base], last.relatives == relatives { return last.files }
        var result: [String] = []
        for relative in relatives {
            if relative.hasSuffix(".json") || relative.hasSuffix(".jsonl") || Self.isQuarantined(relative) {
                result.append(base + "/" + relative)
            }
        }
        let files = result.sorted()
        storeFiles[base] = (relatives, files)
        return files
    }

    /// `parseProblem`, re-parsed only when the file's bytes changed since
    /// the last observation (the answer depends on the bytes alone). A file
    /// whose `stat` is what it was when it was last read, and that had not
    /// been written for a while by then, is not read again (`ParsedFile`).
    ///
    /// A file whose verdict was reached while every store directory was
    /// watched, and that no change since names (`StoreChangeWatch`), is not
    /// even `stat`ed.
    func parseProblemOfCurrentBytes(_ path: String) -> String? {
        if case .only(let changed) = storeChanges, !changed.contains(path), verdictsUnderWatch.contains(path),
            storeWatch.covers(path), let known = parsed[path]
        {
            return known.problem
        }
        // What is read now is covered by the events to come.
        if storeWatch.covers(path) { verdictsUnderWatch.insert(path) } else { verdictsUnderWatch.remove(path) }
        let status = try? FileSystem.status(path)
        if let status, let known = parsed[path], known.stillHolds(status) { return known.problem }
        let readAt = RealtimeClock.nanoseconds()
        guard let data = FileManager.default.contents(atPath: path) else {
            // Gone: nothing to parse, and no verdict to keep.
            verdictsUnderWatch.remove(path)
            return nil
        }
        if let known = parsed[path], known.bytes == data {
            parsed[path] = ParsedFile(bytes: data, problem: known.problem, status: status, readAt: readAt)
            return known.problem
        }
        let problem = Self.parseProblem(data: data, path: path, after: parsed[path])
        parsed[path] = ParsedFile(bytes: data, problem: problem, status: status, readAt: readAt)
        return problem
    }

    /// A file the app's own code writes in its container's `Library/Application
    /// Support` or `Documents` (swift-app-intervention's stores), other than
    /// the SwiftData stand-in's store, which is the emulator's.
    static func isAppsOwnFile(_ path: String) -> Bool {
        guard let range = path.range(of: "/app/Library/Application Support/") ?? path.range(of: "/app/Documents/")
        else { return false }
        return !path[range.upperBound...].hasPrefix("default.store")
    }

    /// Why the file at `path` does not parse, or nil when it does.
    static func parseProblem(_ path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }  // gone: nothing to parse
        return parseProblem(data: data, path: path)
    }

    /// `parseProblem(data:path:)` of a file that held `earlier.bytes`
    /// when it was last parsed. A day journal is appended to at every
    /// minute recorded and was parsed whole at each (a quarter of the
    /// observation's cost in a month): when it had no problem then and has
    /// only grown since, its lines up to the last one it had then are the
    /// ones parsed before, so only that line (a torn tail then, maybe) and
    /// the ones after it are parsed, numbered as a whole parse numbers them.
    static func parseProblem(data: Data, path: String, after earlier: ParsedFile?) -> String? {
        guard path.hasSuffix(".jsonl"), let earlier, earlier.problem == nil,
            let resumed = JournalResumption(data, grownFrom: earlier.bytes)
        else { return parseProblem(data: data, path: path) }
        return journalProblem(data[resumed.offset...], firstLine: resumed.line)
    }

    static func parseProblem(data: Data, path: String) -> String? {
        if path.hasSuffix(".jsonl") { return journalProblem(data[...], firstLine: 0) }
        guard data.isEmpty == false else { return "empty file" }
        if isAppsOwnFile(path) {
            // The app's own file, in its own format (a package's store):
            // the emulator's envelope is not asked of it, only JSON.
            return (try? JSONSerialization.jsonObject(with: data)) == nil ? "not JSON" : nil
        }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            return "not a JSON object"
        }
        guard object["format"] is String, object["formatVersion"] is NSNumber else {
            return "no format/formatVersion envelope"
        }
        return nil
    }
}

extension Oracle {
    /// The first line of `lines` (line `firstLine` of its file, from 0,
    /// and running to the file's end) that is not JSON; a last line with no
    /// newline yet is a torn tail, repaired at the next write.
    fileprivate static func journalProblem(_ lines: Data.SubSequence, firstLine: Int) -> String? {
        let lines = lines.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() where !line.isEmpty {
            let isTornTail = index == lines.count - 1
            if (try? JSONSerialization.jsonObject(with: Data(line))) == nil, !isTornTail {
                return "line \(firstLine + index + 1) is not JSON"
            }
        }
        return nil
    }
}

/// Where to resume parsing a journal that only grew: the start of the last
/// line it had (after its last newline) and that line's number (from 0,
/// the newlines before it). Nil when the bytes are not the earlier bytes
/// with more after them (rewritten, compacted, shortened, unchanged).
struct JournalResumption: Equatable {
    var offset: Data.Index
    var line: Int

    init(offset: Data.Index, line: Int) {
        self.offset = offset
        self.line = line
    }

    init?(_ data: Data, grownFrom earlier: Data) {
        guard data.count > earlier.count else { return nil }
        let found: (offset: Int, line: Int)? = data.withUnsafeBytes { now in
            earlier.withUnsafeBytes { then in
                guard then.count == 0 || memcmp(now.baseAddress!, then.baseAddress!, then.count) == 0 else {
                    return nil
                }
                var lastStart = 0
                var newlines = 0
                for (index, byte) in then.enumerated() where byte == UInt8(ascii: "\n") {
                    newlines += 1
                    lastStart = index + 1
                }
                return (lastStart, newlines)
            }
        }
        guard let found else { return nil }
        offset = data.startIndex + found.offset
        line = found.line
    }
}

/// What the stores-parse check derives from a file's path, once per path:
/// its name, whether it is a quarantined copy, its check key and its
/// episode (`Oracle.resolved`), instead of at every observation.
final class StorePaths {
    struct Facts {
        var name: String
        var isQuarantined: Bool
        var key: String
        var episode: String
    }

    private var facts: [String: Facts] = [:]

    func facts(of path: String) -> Facts {
        if let known = facts[path] { return known }
        let name = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
        let key = "store:" + path
        let found = Facts(
            name: name, isQuarantined: Oracle.isQuarantined(name), key: key,
            episode: "\(OracleCheck.storesParse.rawValue)|\(key)")
        facts[path] = found
        return found
    }
}

/// What the stores-parse check last read from one file.
///
/// Reading every file of the App Group at every observation grew with the
/// run (a day journal per day). A file whose inode, size and modification
/// and change times are what they were need not be read again, except
/// when it was written so shortly before it was read that a second write
/// within the file system's timestamp granularity could have left all of
/// them equal (git's "racy" rule): such a file is read again until a read
/// comes long enough after its last write.
public struct ParsedFile: Sendable {
    public var bytes: Data
    public var problem: String?
    public var status: FileStatus?
    /// `RealtimeClock` just before the bytes were read.
    public var readAt: Int64

    public init(bytes: Data, problem: String?, status: FileStatus?, readAt: Int64) {
        self.bytes = bytes
        self.problem = problem
        self.status = status
        self.readAt = readAt
    }

    /// Far more than any file system's timestamp granularity (ext4's is a
    /// kernel tick, 1–10 ms).
    public static let settled: Int64 = 100_000_000

    /// Whether a file whose `stat` is now `current` still holds `bytes`.
    public func stillHolds(_ current: FileStatus) -> Bool {
        guard let status, status == current, current.isRegularFile else { return false }
        return readAt - max(current.modifiedNanoseconds, current.changedNanoseconds) > Self.settled
    }
}
