import Foundation

/// All saved app lists, in the order the user sees them, with the
/// operations that keep rules and lists consistent.
///
/// The library holds no policy state of its own: whether lists are
/// read-only is decided by `RulePolicy.areAppListsReadOnly` and passed in.
public struct AppListLibrary: Hashable, Codable, Sendable {
    public private(set) var lists: [AppList]

    public init(lists: [AppList] = []) throws(AppListError) {
        self.lists = []
        for list in lists { try add(list) }
    }

    public func list(id: UUID) -> AppList? {
        lists.first { $0.id == id }
    }

    /// What a rule blocks: its list's selection, or nil when it has no list
    /// or points at one that no longer exists (both mean "no apps").
    public func selection(for rule: Rule) -> AppSelection? {
        rule.appListID.flatMap { list(id: $0)?.selection }
    }

    public mutating func add(_ list: AppList) throws(AppListError) {
        guard self.list(id: list.id) == nil else { throw .duplicateID(list.id) }
        lists.append(list)
    }

    /// Replaces a list's name and selection. Creating lists is always
    /// allowed; changing one is not while lists are read-only.
    public mutating func update(_ list: AppList, listsReadOnly: Bool) throws(AppListError) {
        guard let index = lists.firstIndex(where: { $0.id == list.id }) else { throw .unknownList(list.id) }
        guard !listsReadOnly else { throw .readOnly(list.id) }
        lists[index] = list
    }

    /// The rules that point at a list, in their given order.
    public static func rules(using listID: UUID, in rules: [Rule]) -> [Rule] {
        rules.filter { $0.appListID == listID }
    }

    public static func isInUse(_ listID: UUID, by rules: [Rule]) -> Bool {
        rules.contains { $0.appListID == listID }
    }

    /// Whether a delete from `context` would be accepted.
    public func canDelete(
        _ listID: UUID, from context: AppListDeletionContext, rules: [Rule], listsReadOnly: Bool
    ) -> Bool {
        (try? deletionCheck(listID, from: context, rules: rules, listsReadOnly: listsReadOnly)) != nil
    }

    /// Deletes a list and detaches it from every rule that used it; those
    /// rules keep everything else and now block no apps.
    public mutating func delete(
        _ listID: UUID, from context: AppListDeletionContext, rules: inout [Rule], listsReadOnly: Bool
    ) throws(AppListError) {
        try deletionCheck(listID, from: context, rules: rules, listsReadOnly: listsReadOnly)
        lists.removeAll { $0.id == listID }
        for index in rules.indices where rules[index].appListID == listID {
            rules[index].appListID = nil
        }
    }

    private func deletionCheck(
        _ listID: UUID, from context: AppListDeletionContext, rules: [Rule], listsReadOnly: Bool
    ) throws(AppListError) {
        guard list(id: listID) != nil else { throw .unknownList(listID) }
        guard !listsReadOnly else { throw .readOnly(listID) }
        if context == .picker {
            let users = Self.rules(using: listID, in: rules)
            guard users.isEmpty else { throw .inUse(listID, ruleIDs: users.map(\.id)) }
        }
    }

    public init(from decoder: Decoder) throws {
        let lists = try decoder.singleValueContainer().decode([AppList].self)
        do {
            try self.init(lists: lists)
        } catch {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(lists)
    }
}
