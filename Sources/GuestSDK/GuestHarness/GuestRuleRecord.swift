import Foundation
import OALDomain
import OALProcesses

/// One rule in the real app's flat shape (the columns of its SwiftData
/// model): what a tap asks the app's editor to make of a rule, and how the
/// app's store is read back. The selection is its app list's, encoded as a
/// `FamilyActivitySelection`.
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

    public init(
        id: UUID, name: String, kindRaw: String, isEnabled: Bool, hardMode: Bool, selectionModeRaw: String,
        dayNumbers: [Int], startMinutes: Int, endMinutes: Int, dailyLimitMinutes: Int, maxOpens: Int,
        pausedUntil: Date?, createdAt: Date, blockAdultContent: Bool, appListID: UUID?, appListName: String?,
        selectionData: Data?
    ) {
        self.id = id
        self.name = name
        self.kindRaw = kindRaw
        self.isEnabled = isEnabled
        self.hardMode = hardMode
        self.selectionModeRaw = selectionModeRaw
        self.dayNumbers = dayNumbers
        self.startMinutes = startMinutes
        self.endMinutes = endMinutes
        self.dailyLimitMinutes = dailyLimitMinutes
        self.maxOpens = maxOpens
        self.pausedUntil = pausedUntil
        self.createdAt = createdAt
        self.blockAdultContent = blockAdultContent
        self.appListID = appListID
        self.appListName = appListName
        self.selectionData = selectionData
    }

    /// A rule of the emulator's domain in the app's flat shape (what the
    /// user asked a tap to make of the rule).
    public init(rule: Rule, list: AppList?) {
        let flat = RuleSnapshot(rule: rule, selection: list?.selection)
        self.init(
            id: rule.id, name: rule.name, kindRaw: flat.kindRaw, isEnabled: rule.isEnabled, hardMode: rule.hardMode,
            selectionModeRaw: flat.selectionModeRaw, dayNumbers: flat.dayNumbers, startMinutes: flat.startMinutes,
            endMinutes: flat.endMinutes, dailyLimitMinutes: flat.dailyLimitMinutes, maxOpens: flat.maxOpens,
            pausedUntil: rule.pausedUntil, createdAt: rule.createdAt,
            blockAdultContent: flat.blockAdultContent ?? false,
            appListID: list?.id, appListName: list?.name,
            // The emulator's selection encoding is FamilyActivitySelection's.
            selectionData: list?.selection.encoded())
    }

    /// The record as a rule of the emulator's domain (its list id kept),
    /// read strictly: a record the app could not have meant (an unknown
    /// kind, a day outside the week) is an error naming the field.
    public func rule() throws -> Rule {
        let flat = RuleSnapshot(
            id: id, name: name, kindRaw: kindRaw, isEnabled: isEnabled, hardMode: hardMode,
            selectionModeRaw: selectionModeRaw, selectionData: nil, dayNumbers: dayNumbers, startMinutes: startMinutes,
            endMinutes: endMinutes, dailyLimitMinutes: dailyLimitMinutes, maxOpens: maxOpens, pausedUntil: pausedUntil,
            blockAdultContent: kindRaw == RuleKind.schedule.rawValue ? blockAdultContent : nil)
        var rule = try flat.decoded(createdAt: createdAt).rule
        rule.appListID = appListID
        return rule
    }
}

extension GuestRuleRecord {
    /// A rule read back from the app's model by its stored properties'
    /// names (`ModelFactory.values(of:)`), whatever columns the commit's
    /// model has: a column it lacks takes the spec's default (the adult
    /// filter off). `list` is its app list's record.
    public init(values: [String: Any], list: GuestListRecord?) throws {
        func value<T>(_ name: String, _: T.Type) throws -> T {
            guard let found = values[name] as? T else {
                throw GuestHarnessError.missingColumn(model: "BlockingRule", column: name, type: "\(T.self)")
            }
            return found
        }
        self.init(
            id: try value("id", UUID.self), name: try value("name", String.self),
            kindRaw: try value("kindRaw", String.self),
            isEnabled: try value("isEnabled", Bool.self), hardMode: try value("hardMode", Bool.self),
            selectionModeRaw: try value("selectionModeRaw", String.self),
            dayNumbers: try value("dayNumbers", [Int].self),
            startMinutes: try value("startMinutes", Int.self), endMinutes: try value("endMinutes", Int.self),
            dailyLimitMinutes: try value("dailyLimitMinutes", Int.self), maxOpens: try value("maxOpens", Int.self),
            pausedUntil: values["pausedUntil"] as? Date, createdAt: try value("createdAt", Date.self),
            blockAdultContent: values["blockAdultContent"] as? Bool ?? false, appListID: list?.id,
            appListName: list?.name, selectionData: list?.selectionData)
    }
}

extension GuestListRecord {
    /// An app list read back from the app's model by property names.
    public init(values: [String: Any]) throws {
        guard let id = values["id"] as? UUID, let name = values["name"] as? String else {
            throw GuestHarnessError.missingColumn(model: "AppList", column: "id/name", type: "UUID/String")
        }
        self.init(
            id: id, name: name, selectionData: values["selectionData"] as? Data,
            selectionCount: values["selectionCount"] as? Int ?? 0,
            createdAt: values["createdAt"] as? Date ?? .distantPast)
    }
}

/// What the harness can find wrong with the app it drives.
public enum GuestHarnessError: Error, CustomStringConvertible {
    case missingColumn(model: String, column: String, type: String)
    case notFound(String)

    public var description: String {
        switch self {
        case .missingColumn(let model, let column, let type):
            "the app's \(model) has no \(column) of type \(type) (a model this harness does not know)"
        case .notFound(let what): "\(what) is not in the app's store"
        }
    }
}
