import Foundation
import OALDomain

/// What the device asks a guest app after every step (`oal-app probe
/// --json`, guest mode only; docs/ORACLE.md, "A guest"), for the oracle's
/// checks that need the app's own records: its usage, its sessions, its
/// foreground decision, the snapshots it published for its extensions.
/// Each comes from the app's own code. The probe writes no trace line, so
/// a run's trace is the same with and without the oracle.
public struct GuestProbe: Codable, Hashable, Sendable {
    /// Rule id → usage on the day, as the app's ledger reports it; nil
    /// when the app keeps no ledger.
    public var usageToday: [String: DailyUsage]?
    public var usageYesterday: [String: DailyUsage]?
    /// Rules inside a granted open session, as the app records them; nil
    /// when it keeps no sessions.
    public var sessions: [String]?
    /// The app's own foreground decision; nil when the app offers no way to ask.
    public var decision: GuestDecision?
    /// The rule snapshots the app published; nil when it keeps none.
    public var mirror: [RuleSnapshot]?
    /// A swift-app-intervention host's open log; nil for any other app.
    public var intervention: InterventionLog?

    public init(
        usageToday: [String: DailyUsage]?, usageYesterday: [String: DailyUsage]?, sessions: [String]?,
        decision: GuestDecision?, mirror: [RuleSnapshot]?, intervention: InterventionLog? = nil
    ) {
        self.intervention = intervention
        self.usageToday = usageToday
        self.usageYesterday = usageYesterday
        self.sessions = sessions
        self.decision = decision
        self.mirror = mirror
    }

    /// The oal-app command that answers it (read-only, untraced).
    public static let arguments = ["probe", "--json"]

    /// Reads the probe as the command printed it (`CommandOutput.json`:
    /// dates in ISO 8601).
    public static func decode(_ data: Data) throws -> GuestProbe {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return try decoder.decode(GuestProbe.self, from: data)
    }
}

/// The app's own foreground decision: the rules it would shield now, and
/// whether it would deny app removal (Uninstall Protection).
public struct GuestDecision: Hashable, Sendable, Codable {
    public var shielded: [UUID]
    public var appRemovalDenied: Bool

    public init(shielded: Set<UUID>, appRemovalDenied: Bool) {
        self.shielded = shielded.sorted { CanonicalUUID.string($0) < CanonicalUUID.string($1) }
        self.appRemovalDenied = appRemovalDenied
    }
}
