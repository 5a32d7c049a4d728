import Foundation
import OALDomain
import OALPlatform
import OALProcesses
import OALScenario
import OALStore

/// The rules as the user set them: the app's private database
/// (`<root>/app/rules.json`, the screen `oal-app show` draws), which only
/// the user's taps change. Never the App Group mirror: the mirror is what
/// the judged code published, and a bug there must not become the truth.
struct UserRules {
    struct Entry {
        var rule: Rule
        var selection: AppSelection?
        var mode: SelectionMode { SpecModel.mode(of: rule) }

        /// Whether the rule covers the app `bundle` names, by the spec
        /// model's coverage (never `AppSelection.covers`, the app's).
        func covers(bundle: String, in catalog: InstalledAppCatalog) -> Bool {
            guard let app = catalog.apps.first(where: { $0.bundleIdentifier == bundle }) else { return false }
            return covers(app)
        }

        /// Whether the rule covers `app`, with the token it carries.
        func covers(_ app: InstalledApp) -> Bool {
            SpecModel.covers(mode: mode, selection: selection, app: app)
        }
    }

    let entries: [Entry]
    /// The entries by rule id, the first of an id kept: built once per
    /// database, since every judgement looks rules up by id many times.
    let byID: [UUID: Entry]

    init(entries: [Entry]) {
        self.entries = entries
        byID = Dictionary(entries.map { ($0.rule.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    static let empty = UserRules(entries: [])

    /// What a published rule covers in truth: the user's own rule of that
    /// id, or, when the user has none (deleted, never saved), the rule as
    /// the mirror has it, still read through the spec model.
    func coverage(of published: PublishedRule) -> Entry {
        entries.first { $0.rule.id == published.rule.id }
            ?? Entry(rule: published.rule, selection: published.selection)
    }

    /// The database as it is now, or nil when it does not parse (the
    /// `stores-parse` check reports that; the last good truth stands).
    static func read(root: DeviceRoot, memo: DecodedBytesMemo) -> UserRules? {
        let path = root.appContainer.path + "/" + AppDatabase.storeName + ".json"
        guard let data = FileManager.default.contents(atPath: path) else { return .empty }
        return memo.value(path: path, bytes: data) { bytes in
            struct Envelope: Decodable { var document: AppDatabase }
            guard let database = try? StoreCoding.decoder().decode(Envelope.self, from: bytes).document else {
                return nil
            }
            // The list a rule points at, looked up here rather than through
            // the app's own resolver.
            let lists = Dictionary(
                database.lists.lists.map { ($0.id, $0.selection) }, uniquingKeysWith: { first, _ in first })
            return UserRules(
                entries: database.rules.map { Entry(rule: $0, selection: $0.appListID.flatMap { lists[$0] }) })
        }
    }
}
