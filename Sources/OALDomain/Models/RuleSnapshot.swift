import Foundation

/// The cross-process mirror of one rule, as the app writes it into the App
/// Group for its extensions.
///
/// The shape is flat on purpose: it follows the real app's wire format
/// (`kindRaw`, `selectionModeRaw`, `dailyLimitMinutes`, ...) so fixtures and
/// traces read like the device's. Code never interprets the flat fields
/// directly; it converts to `Rule` (the sum type) and back, which is where
/// illegal combinations are rejected.
public struct RuleSnapshot: Codable, Hashable, Sendable, Identifiable {
    public var id: UUID
    public var name: String
    public var kindRaw: String
    public var isEnabled: Bool
    public var hardMode: Bool
    public var selectionModeRaw: String
    /// The encoded `AppSelection` of the rule's app list (nil: no apps).
    public var selectionData: Data?
    /// Calendar weekday numbers, 1 (Sunday) ... 7 (Saturday).
    public var dayNumbers: [Int]
    public var startMinutes: Int
    public var endMinutes: Int
    public var dailyLimitMinutes: Int
    public var maxOpens: Int
    public var pausedUntil: Date?
    /// Schedule rules only; absent in older snapshots, read as false.
    public var blockAdultContent: Bool?

    public init(
        id: UUID, name: String, kindRaw: String, isEnabled: Bool, hardMode: Bool,
        selectionModeRaw: String, selectionData: Data?, dayNumbers: [Int],
        startMinutes: Int, endMinutes: Int, dailyLimitMinutes: Int, maxOpens: Int,
        pausedUntil: Date?, blockAdultContent: Bool? = nil
    ) {
        self.id = id
        self.name = name
        self.kindRaw = kindRaw
        self.isEnabled = isEnabled
        self.hardMode = hardMode
        self.selectionModeRaw = selectionModeRaw
        self.selectionData = selectionData
        self.dayNumbers = dayNumbers
        self.startMinutes = startMinutes
        self.endMinutes = endMinutes
        self.dailyLimitMinutes = dailyLimitMinutes
        self.maxOpens = maxOpens
        self.pausedUntil = pausedUntil
        self.blockAdultContent = blockAdultContent
    }
}
