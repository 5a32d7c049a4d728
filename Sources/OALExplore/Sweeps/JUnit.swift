import Foundation
import OALEmulator
import OALOracle
import OALScenario

/// JUnit XML for a sweep, a race sweep or a swarm (`--junit FILE`): one
/// `<testcase>` per point, (point, interleaving) or seed, the violation as
/// the failure's message, the reproduce command in `<system-out>`. CI
/// systems show each as its own test (docs/CI.md).
public struct JUnitReport: Sendable {
    public struct Case: Sendable {
        public var classname: String
        public var name: String
        public var seconds: Double
        /// The oracle's violation (message) and the rest of them (body).
        public var failure: (message: String, body: String)?
        /// The run stopped before the oracle could judge it.
        public var error: String?
        public var output: String

        public init(
            classname: String, name: String, seconds: Double, failure: (message: String, body: String)? = nil,
            error: String? = nil, output: String
        ) {
            self.classname = classname
            self.name = name
            self.seconds = seconds
            self.failure = failure
            self.error = error
            self.output = output
        }
    }

    public var name: String
    public var cases: [Case]

    public init(name: String, cases: [Case]) {
        self.name = name
        self.cases = cases
    }

    /// One case from a judged run.
    static func testCase(classname: String, name: String, verdict: FaultRun.Verdict, output: String = "")
        -> Case
    {
        var text = output.isEmpty ? "" : output + "\n"
        text += "reproduce: \(verdict.reproduce)"
        if let report = verdict.report { text += "\nreport: \(report)" }
        var failure: (String, String)?
        if let first = verdict.violations.first {
            failure = (first.description, verdict.violations.map(\.description).joined(separator: "\n"))
        }
        return Case(
            classname: classname, name: name, seconds: verdict.seconds, failure: failure, error: verdict.error,
            output: text)
    }

    public func xml() -> String {
        let failures = cases.filter { $0.failure != nil && $0.error == nil }.count
        let errors = cases.filter { $0.error != nil }.count
        let time = String(format: "%.3f", cases.map(\.seconds).reduce(0, +))
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        text += "<testsuites tests=\"\(cases.count)\" failures=\"\(failures)\" errors=\"\(errors)\" time=\"\(time)\">\n"
        text += "<testsuite name=\"\(Self.escape(name))\" tests=\"\(cases.count)\" failures=\"\(failures)\" "
        text += "errors=\"\(errors)\" time=\"\(time)\">\n"
        for testCase in cases {
            text += "<testcase classname=\"\(Self.escape(testCase.classname))\" name=\"\(Self.escape(testCase.name))\" "
            text += "time=\"\(String(format: "%.3f", testCase.seconds))\">\n"
            if let error = testCase.error {
                text += "<error message=\"\(Self.escape(error))\">\(Self.escape(error))</error>\n"
            } else if let failure = testCase.failure {
                text += "<failure message=\"\(Self.escape(failure.message))\">\(Self.escape(failure.body))</failure>\n"
            }
            text += "<system-out>\(Self.escape(testCase.output))</system-out>\n"
            text += "</testcase>\n"
        }
        text += "</testsuite>\n</testsuites>\n"
        return text
    }

    public func write(to path: String) throws {
        try xml().write(toFile: path, atomically: true, encoding: .utf8)
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n", "\t", "\r": out.unicodeScalars.append(scalar)
            default:
                // XML 1.0 allows no other control characters, even escaped.
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    out += "?"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
