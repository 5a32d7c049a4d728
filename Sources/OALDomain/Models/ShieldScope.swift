import Foundation

/// What a rule's shield covers when it is up, from its mode and its list.
public enum ShieldScope: Hashable, Sendable {
    case nothing
    /// Block mode: the list's members.
    case only(AppSelection)
    /// Allow Only mode: everything except the list's members.
    case allExcept(AppSelection)

    /// A rule with no list, or an empty one, covers nothing in either mode.
    /// For Allow Only that is a deliberate choice: detaching a list must
    /// never turn a rule into "block every app on the device".
    public init(rule: Rule, selection: AppSelection?) {
        guard let selection, !selection.isEmpty else {
            self = .nothing
            return
        }
        switch rule.configuration.selectionMode {
        case .block: self = .only(selection)
        case .allowOnly: self = .allExcept(selection)
        }
    }

    public func covers(_ subject: ShieldSubject) -> Bool {
        switch self {
        case .nothing: false
        case .only(let selection): Self.selection(selection, includes: subject)
        case .allExcept(let selection): !Self.selection(selection, includes: subject)
        }
    }

    private static func selection(_ selection: AppSelection, includes subject: ShieldSubject) -> Bool {
        switch subject {
        case .application(let app, let category): selection.covers(app, category: category)
        case .webDomain(let domain): selection.webDomains.contains(domain)
        }
    }
}
