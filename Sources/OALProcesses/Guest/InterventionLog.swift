import Foundation

/// What a host of swift-app-intervention records, read through the
/// package's own API by the app's harness and handed to the oracle's
/// contract checks (docs/ORACLE.md, "The intervention package's contract").
public struct InterventionLog: Codable, Hashable, Sendable {
    /// One entry of the package's open log (`OpenEvent`).
    public struct Event: Codable, Hashable, Sendable {
        public var app: String
        /// `opened`, `passedThrough`, `intervened`, `proceeded`, `abandoned`.
        public var kind: String
        /// ISO 8601 with milliseconds.
        public var date: String
        public var context: String?
        /// A pass-through's reason (`return`, `pass`, `failOpen:write`, ...).
        public var note: String?

        public init(app: String, kind: String, date: String, context: String? = nil, note: String? = nil) {
            self.app = app
            self.kind = kind
            self.date = date
            self.context = context
            self.note = note
        }
    }

    public var events: [Event]
    /// The coordinator's return window: a run this soon after a proceed is
    /// the host's own reopen.
    public var returnWindowSeconds: Double
    /// The inbox's limit: an older pause is never shown or resolved.
    public var maxAgeSeconds: Double

    public init(events: [Event], returnWindowSeconds: Double, maxAgeSeconds: Double) {
        self.events = events
        self.returnWindowSeconds = returnWindowSeconds
        self.maxAgeSeconds = maxAgeSeconds
    }
}
