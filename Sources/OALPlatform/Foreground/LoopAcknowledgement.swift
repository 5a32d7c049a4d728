import Foundation

/// The foreground loop's answer, `<root>/system/app-loop.json`: the
/// session it saw and the tick it refreshed for. Every field is optional
/// because the device reads whatever a loop wrote (its own, a guest's, a
/// hand-written one in a test) and uses the fields it finds: the pid alone
/// is enough to know the loop is alive.
public struct LoopAcknowledgement: Codable, Hashable, Sendable {
    public var formatVersion: Int
    public var pid: Int32?
    public var session: Int?
    /// The tick refreshed for, or the instant of a refresh with no tick, in
    /// the trace's format (ISO 8601, UTC, ms).
    public var refreshedAt: String?

    /// The last `ScreenTap` the loop handled, and what the app said it did.
    public var tapped: Int?
    public var tapResult: String?
    /// The last `IntentRequest` the loop ran: its exit status, as the
    /// command's would be, and its answer (`value:`, `dialog:`,
    /// `foreground:` lines, or the error).
    public var intentRan: Int?
    public var intentStatus: Int32?
    public var intentAnswer: String?

    public init(
        pid: Int32?, session: Int?, refreshedAt: String?, tapped: Int? = nil, tapResult: String? = nil,
        intentRan: Int? = nil, intentStatus: Int32? = nil, intentAnswer: String? = nil
    ) {
        formatVersion = 1
        self.pid = pid
        self.session = session
        self.refreshedAt = refreshedAt
        self.tapped = tapped
        self.tapResult = tapResult
        self.intentRan = intentRan
        self.intentStatus = intentStatus
        self.intentAnswer = intentAnswer
    }

    /// `refreshedAt` as an instant.
    public var refreshed: Date? {
        refreshedAt.flatMap { TraceEvent.date(fromTimestamp: $0) ?? ISO8601DateFormatter().date(from: $0) }
    }

    /// Reads `data` leniently: a flat object or one inside a store
    /// envelope (`document`), `refreshedAt` as ISO text or Unix seconds.
    /// Nil when it is not a JSON object at all.
    public static func lenient(_ data: Data) -> LoopAcknowledgement? {
        guard var object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { return nil }
        if let inner = object["document"] as? [String: Any] { object = inner }
        let refreshed: String? =
            switch object["refreshedAt"] {
            case let text as String: text
            case let seconds as NSNumber: TraceEvent.timestamp(Date(timeIntervalSince1970: seconds.doubleValue))
            default: nil
            }
        return LoopAcknowledgement(
            pid: (object["pid"] as? NSNumber).map { $0.int32Value },
            session: (object["session"] as? NSNumber).map { $0.intValue }, refreshedAt: refreshed,
            tapped: (object["tapped"] as? NSNumber).map { $0.intValue }, tapResult: object["tapResult"] as? String,
            intentRan: (object["intentRan"] as? NSNumber).map { $0.intValue },
            intentStatus: (object["intentStatus"] as? NSNumber).map { $0.int32Value },
            intentAnswer: object["intentAnswer"] as? String)
    }
}
