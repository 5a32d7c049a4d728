import Foundation
import OALDomain
import OALSystem

/// The command line of one look at a DeviceActivityReport, `CONTEXT FROM TO
/// [TOKEN=SECONDS ...]`: what the emulated OS hands a report-extension
/// launch (the scene's context, the filter's segment and each app's
/// foreground seconds in it), and what `oal-report` and a guest's
/// `guest-report` read back. One value both ways, as `ShieldPressArguments`.
///
/// The device computes the data, never the extension: on iOS the report
/// extension is handed `DeviceActivityResults` and reads nothing else.
public struct ActivityReportArguments: Sendable, Hashable {
    /// One app's foreground time in the segment.
    public struct AppActivity: Sendable, Hashable {
        public var token: ApplicationToken
        public var seconds: Double

        public init(token: ApplicationToken, seconds: Double) {
            self.token = token
            self.seconds = seconds
        }
    }

    /// `DeviceActivityReport.Context`'s raw value (`ruleUsage`).
    public var context: String
    /// The filter's segment: one local day, start of day to the next.
    public var segment: DateInterval
    /// The apps of the filter with activity in the segment, in token order.
    public var apps: [AppActivity]

    public init(context: String, segment: DateInterval, apps: [AppActivity]) {
        self.context = context
        self.segment = segment
        self.apps = apps.sorted { $0.token < $1.token }
    }

    /// The positional arguments of a launch.
    public var arguments: [String] {
        [context, Self.instant(segment.start), Self.instant(segment.end)]
            + apps.map { "\($0.token.description)=\(Self.seconds($0.seconds))" }
    }

    /// Reads the positionals of `args`.
    public init(parsing args: ParsedArguments) throws(ProcessFailure) {
        let context = try args.positional(0, "CONTEXT")
        let fromText = try args.positional(1, "FROM")
        let toText = try args.positional(2, "TO")
        guard let from = Self.date(fromText) else { throw .usage("FROM '\(fromText)' is not an ISO 8601 instant") }
        guard let to = Self.date(toText), to >= from else {
            throw .usage("TO '\(toText)' is not an ISO 8601 instant at or after FROM")
        }
        var apps: [AppActivity] = []
        var index = 3
        while let word = args.positionals.dropFirst(index).first {
            let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, !parts[0].isEmpty, let seconds = Double(parts[1]), seconds >= 0
            else { throw .usage("'\(word)' is not TOKEN=SECONDS (an app token and its foreground seconds)") }
            apps.append(AppActivity(token: ApplicationToken(parts[0]), seconds: seconds))
            index += 1
        }
        self.init(context: context, segment: DateInterval(start: from, end: to), apps: apps)
    }

    static func instant(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }

    static func date(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.date(from: text)
    }

    /// Whole seconds without a fraction (`600`), else the shortest decimal.
    static func seconds(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
