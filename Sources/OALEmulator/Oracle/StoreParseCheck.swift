import Foundation
import OALPlatform
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
            for path in Self.files(under: directory) {
                report.checksRun += 1
                let name = (path as NSString).lastPathComponent
                if name.contains(".corrupt-") {
                    if !report.quarantined.contains(path) { report.quarantined.append(path) }
                    continue
                }
                let key = "store:" + path
                guard let problem = parseProblemOfCurrentBytes(path) else {
                    resolved(.storesParse, key: key)
                    injectedStoreFaults[path] = nil
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

    static func files(under directory: URL) -> [String] {
        var result: [String] = []
        for relative in DirectoryWalk.relativePaths(under: directory.path) {
            let path = directory.path + "/" + relative
            if relative.hasSuffix(".json") || relative.hasSuffix(".jsonl") || relative.contains(".corrupt-") {
                result.append(path)
            }
        }
        return result.sorted()
    }

    /// `parseProblem`, re-parsed only when the file's bytes changed since
    /// the last observation (the answer depends on the bytes alone).
    func parseProblemOfCurrentBytes(_ path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }  // gone: nothing to parse
        if let known = parsed[path], known.bytes == data { return known.problem }
        let problem = Self.parseProblem(data: data, path: path)
        parsed[path] = (data, problem)
        return problem
    }

    /// Why the file at `path` does not parse, or nil when it does.
    static func parseProblem(_ path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }  // gone: nothing to parse
        return parseProblem(data: data, path: path)
    }

    static func parseProblem(data: Data, path: String) -> String? {
        if path.hasSuffix(".jsonl") {
            let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() where !line.isEmpty {
                let isTornTail = index == lines.count - 1  // no newline yet: repaired at the next write
                if (try? JSONSerialization.jsonObject(with: Data(line))) == nil, !isTornTail {
                    return "line \(index + 1) is not JSON"
                }
            }
            return nil
        }
        guard data.isEmpty == false else { return "empty file" }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            return "not a JSON object"
        }
        guard object["format"] is String, object["formatVersion"] is NSNumber else {
            return "no format/formatVersion envelope"
        }
        return nil
    }
}
