import Foundation
import OALDomain
import OALShared

/// One rule of the user's database in the real app's flat shape (the
/// columns of its SwiftData model), for the guest-side adapter to turn into
/// the guest's own rule models. The selection is its app list's, encoded as
/// a `FamilyActivitySelection`.
public struct GuestRuleRecord: Hashable, Sendable {
    public var id: UUID
    public var name: String
    public var kindRaw: String
    public var isEnabled: Bool
    public var hardMode: Bool
    public var selectionModeRaw: String
    public var dayNumbers: [Int]
    public var startMinutes: Int
    public var endMinutes: Int
    public var dailyLimitMinutes: Int
    public var maxOpens: Int
    public var pausedUntil: Date?
    public var createdAt: Date
    /// The adult-content filter of a schedule rule (older models have the column).
    public var blockAdultContent: Bool
    /// The rule's app list, when it has one.
    public var appListID: UUID?
    public var appListName: String?
    public var selectionData: Data?

    /// The database's rules, in its order.
    static func records(from database: AppDatabase) -> [GuestRuleRecord] {
        database.rules.map { rule in
            let selection = database.selection(for: rule)
            let flat = RuleSnapshot(rule: rule, selection: selection)
            let list = rule.appListID.flatMap { id in database.lists.lists.first { $0.id == id } }
            return GuestRuleRecord(
                id: rule.id, name: rule.name, kindRaw: flat.kindRaw, isEnabled: rule.isEnabled,
                hardMode: rule.hardMode, selectionModeRaw: flat.selectionModeRaw, dayNumbers: flat.dayNumbers,
                startMinutes: flat.startMinutes, endMinutes: flat.endMinutes,
                dailyLimitMinutes: flat.dailyLimitMinutes, maxOpens: flat.maxOpens, pausedUntil: rule.pausedUntil,
                createdAt: rule.createdAt, blockAdultContent: flat.blockAdultContent ?? false, appListID: list?.id,
                appListName: list?.name,
                // The emulator's selection encoding is FamilyActivitySelection's.
                selectionData: selection?.encoded())
        }
    }
}

extension GuestRuleRecord {
    /// The rule's columns by the app's property names, for
    /// `ModelFactory.make(BlockingRule.self, values:)` (its `appList` is the
    /// adapter's to add). The legacy inline selection is empty, as after the
    /// app's own migration to app lists.
    public var ruleValues: [String: Any] {
        [
            "id": id, "name": name, "kindRaw": kindRaw, "isEnabled": isEnabled, "hardMode": hardMode,
            "selectionModeRaw": selectionModeRaw, "dayNumbers": dayNumbers, "startMinutes": startMinutes,
            "endMinutes": endMinutes, "dailyLimitMinutes": dailyLimitMinutes, "maxOpens": maxOpens,
            "pausedUntil": pausedUntil as Date? as Any, "createdAt": createdAt, "selectionData": Data?.none as Any,
            "selectionCount": 0, "blockAdultContent": blockAdultContent,
        ]
    }

    /// The rule's app list's columns, when it has one.
    public var appListValues: [String: Any]? {
        guard let appListID else { return nil }
        return [
            "id": appListID, "name": appListName ?? "", "selectionData": selectionData as Data? as Any,
            "selectionCount": 0, "createdAt": createdAt,
        ]
    }
}

/// The guest-side half of the app harness, generated into the guest's app
/// target (`guest-harness/app/`): it owns the guest's `RuleEnforcer` and
/// reads the guest's own stores for the screens and the Hard Mode gates.
public protocol GuestAppAdapter: AnyObject, Sendable {
    /// The guest's refresh over these rules (`RuleEnforcer.refresh`).
    @MainActor func refresh(rules: [GuestRuleRecord]) async
    /// Today's usage per rule as the guest's ledger has it.
    func usage(of ruleIDs: [UUID]) -> [UUID: GuestUsage]
    /// The rules inside a granted open session now, as the guest records them.
    func rulesInOpenSession(_ ruleIDs: [UUID]) -> Set<UUID>
    /// The guest's Settings switch for Uninstall Protection.
    func setUninstallProtection(_ enabled: Bool)
}

/// A rule's usage today, as the guest's own ledger reports it.
public struct GuestUsage: Hashable, Sendable {
    public var minutes: Int
    public var opens: Int

    public init(minutes: Int, opens: Int) {
        self.minutes = minutes
        self.opens = opens
    }
}
