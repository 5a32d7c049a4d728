import Foundation

/// How a schedule rule reads its app list. Belongs to the rule, not the
/// list, so one list can be blocked by one rule and allowed by another.
/// The raw values are the wire format's `selectionModeRaw`.
public enum SelectionMode: String, CaseIterable, Codable, Sendable {
    /// Shield the list's members.
    case block
    /// Shield everything except the list's members.
    case allowOnly
}
