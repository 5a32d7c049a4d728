import Foundation

/// Swift Testing's event stream (schema version 0, JSON Lines): `test`
/// records name each test and its source location, `event` records say
/// what happened to it. Read into one outcome per test function.
struct TestEventStream {
    struct TestResult: Hashable {
        /// `declared`: named by the stream, never started (filtered out, or
        /// not reached before a crash).
        enum State: Hashable { case declared, running, passed, failed, skipped }
        var id: String
        var name: String
        /// Checkout-relative path of the file it is declared in.
        var file: String
        var state: State
        var issue: String?
    }

    var tests: [String: TestResult] = [:]

    /// Tests that started and never ended: the one a crash interrupted.
    var unfinished: [String] {
        tests.values.filter { $0.state == .running }.map(\.id).sorted()
    }

    /// `files`: the checkout-relative test files. A runner is keyed by
    /// content, not by where the checkout is, so it may have been compiled
    /// from an equal checkout elsewhere: a path that is not under
    /// `checkout` is matched to the test file it ends with.
    static func read(_ url: URL, checkout: URL, files: [String] = []) -> TestEventStream {
        var stream = TestEventStream()
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return stream }
        for line in text.split(separator: "\n") {
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                let payload = object["payload"] as? [String: Any]
            else { continue }
            switch object["kind"] as? String {
            case "test":
                guard payload["kind"] as? String == "function", let id = payload["id"] as? String else { continue }
                let location = payload["sourceLocation"] as? [String: Any]
                var path = location?["_filePath"] as? String ?? ""
                if path.hasPrefix(checkout.path + "/") {
                    path = String(path.dropFirst(checkout.path.count + 1))
                } else if let file = files.first(where: { path.hasSuffix("/" + $0) }) {
                    path = file
                }
                let name = payload["displayName"] as? String ?? payload["name"] as? String ?? id
                stream.tests[id] = TestResult(id: id, name: name, file: path, state: .declared, issue: nil)
            case "event":
                guard let id = payload["testID"] as? String, stream.tests[id] != nil else { continue }
                switch payload["kind"] as? String {
                case "testStarted":
                    stream.tests[id]?.state = .running
                case "testSkipped":
                    stream.tests[id]?.state = .skipped
                case "issueRecorded":
                    let issue = payload["issue"] as? [String: Any]
                    guard issue?["isKnown"] as? Bool != true else { continue }
                    stream.tests[id]?.state = .failed
                    if stream.tests[id]?.issue == nil {
                        let messages = (payload["messages"] as? [[String: Any]] ?? []).compactMap {
                            $0["text"] as? String
                        }
                        let location = (issue?["sourceLocation"] as? [String: Any])?["line"] as? Int
                        stream.tests[id]?.issue =
                            (location.map { "line \($0): " } ?? "") + (messages.first ?? "an issue was recorded")
                    }
                case "testEnded":
                    if stream.tests[id]?.state == .running { stream.tests[id]?.state = .passed }
                default:
                    continue
                }
            default:
                continue
            }
        }
        return stream
    }
}

extension TestEventStream {
    /// What several runs of the test executable found, per test: the run
    /// that finished a test decides its state.
    struct Outcomes {
        var tests: [String: TestResult] = [:]

        mutating func merge(_ stream: TestEventStream) {
            for (id, result) in stream.tests {
                if let known = tests[id], known.state != .declared, known.state != .running,
                    result.state == .declared || result.state == .running
                {
                    continue
                }
                tests[id] = result
            }
        }

        mutating func crash(_ id: String, _ reason: String) {
            tests[id]?.state = .failed
            tests[id]?.issue = reason
        }
    }
}
