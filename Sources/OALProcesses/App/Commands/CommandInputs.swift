import Foundation
import OALDomain
import OALPlatform
import OALSystem

/// Parsing of the app commands' values: times, days, names. Each failure
/// names the option or the unknown names, so a script sees what to fix.
public enum CommandInputs {
    /// "09:00" → 540.
    public static func minutes(_ text: String, option: String) throws(ProcessFailure) -> Int {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].count <= 2, parts[1].count == 2,
            let hour = Int(parts[0]), let minute = Int(parts[1]),
            (0...23).contains(hour), (0...59).contains(minute)
        else { throw .usage("--\(option): '\(text)' is not a time HH:MM (00:00 to 23:59)") }
        return hour * 60 + minute
    }

    /// `every`, `weekdays`, `weekends`, or a comma list of `sun`...`sat`.
    public static func days(_ text: String) throws(ProcessFailure) -> DaySet {
        switch text.lowercased() {
        case "every", "everyday", "every-day", "daily": return .everyDay
        case "weekdays": return .weekdays
        case "weekends": return .weekends
        default: break
        }
        var days = DaySet()
        for part in text.lowercased().split(separator: ",") {
            let name = part.trimmingCharacters(in: .whitespaces)
            guard let day = Weekday.allCases.first(where: { $0.shortName.lowercased() == name || "\($0)" == name })
            else {
                throw .usage("--days: '\(name)' is not a day (use every, weekdays, weekends or mon,tue,...)")
            }
            days.insert(day)
        }
        guard !days.isEmpty else { throw .usage("--days: no days given") }
        return days
    }

    /// Comma-separated names, trimmed, empty entries dropped.
    public static func names(_ text: String?) -> [String] {
        guard let text else { return [] }
        return text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Resolves picker names through the device catalog (the stand-in for
    /// FamilyActivityPicker, which hands the app tokens, never names).
    public static func selection(
        apps: [String], categories: [String], domains: [String], catalog: InstalledAppCatalog
    ) throws(ProcessFailure) -> AppSelection {
        var selection = AppSelection()
        var unknown: [String] = []
        for name in apps {
            if let app = catalog.app(named: name) {
                selection.applications.insert(app.token)
            } else {
                unknown.append("app '\(name)'")
            }
        }
        for name in categories {
            if let category = catalog.category(named: name) {
                selection.categories.insert(category.token)
            } else {
                unknown.append("category '\(name)'")
            }
        }
        for name in domains {
            if let domain = catalog.webDomain(named: name) {
                selection.webDomains.insert(domain.token)
            } else {
                unknown.append("web domain '\(name)'")
            }
        }
        guard unknown.isEmpty else {
            // What the picker would have offered instead (docs/SCENARIOS.md,
            // "The installed catalog").
            var known: [String] = []
            if unknown.contains(where: { $0.hasPrefix("app ") }) {
                known.append("apps: " + catalog.apps.map(\.name).joined(separator: ", "))
            }
            if unknown.contains(where: { $0.hasPrefix("category ") }) {
                known.append("categories: " + catalog.categories.map(\.name).joined(separator: ", "))
            }
            if unknown.contains(where: { $0.hasPrefix("web domain ") }) {
                known.append("web domains: " + catalog.webDomains.map(\.domain).joined(separator: ", "))
            }
            throw .notFound(
                "not installed on this device: \(unknown.joined(separator: ", ")) (installed \(known.joined(separator: "; ")))"
            )
        }
        return selection
    }

    /// A rule name the user typed (`rule add NAME`, `--rename`), checked by
    /// `DisplayName`: trimmed; empty stays empty (the rule takes its kind's
    /// default name); a control character or more than 100 characters is a
    /// usage error.
    public static func ruleName(_ text: String) throws(ProcessFailure) -> String {
        switch DisplayName.validate(text) {
        case .success(let name): return name
        case .failure(.empty): return ""
        case .failure(let problem): throw .usage("the rule name \(preview(text)) \(problem)")
        }
    }

    /// An app list name the user typed: as a rule name, but an empty one
    /// is refused.
    public static func listName(_ text: String) throws(ProcessFailure) -> String {
        switch DisplayName.validate(text) {
        case .success(let name): return name
        case .failure(let problem): throw .usage("the app list name \(preview(text)) \(problem)")
        }
    }

    /// A name quoted for an error message, cut to 40 characters, with any
    /// control character escaped.
    static func preview(_ text: String) -> String {
        let cut = text.count > 40 ? String(text.prefix(40)) + "…" : text
        return String(reflecting: cut)
    }

    /// A rule by id or (case-insensitive) name.
    public static func ruleIndex(_ reference: String, in database: AppDatabase) throws(ProcessFailure) -> Int {
        if let id = UUID(uuidString: reference), let index = database.rules.firstIndex(where: { $0.id == id }) {
            return index
        }
        let matches = database.rules.indices.filter {
            database.rules[$0].name.caseInsensitiveCompare(reference) == .orderedSame
        }
        guard let first = matches.first else { throw .notFound("no rule named '\(reference)'") }
        guard matches.count == 1 else {
            let ids = matches.map { database.rules[$0].id.uuidString }.joined(separator: ", ")
            throw .usage("rule name '\(reference)' is ambiguous (\(matches.count) rules: \(ids)); give its id")
        }
        return first
    }

    /// A list by id or (case-insensitive) name.
    public static func list(_ reference: String, in database: AppDatabase) throws(ProcessFailure) -> AppList {
        let lists = database.lists.lists
        if let id = UUID(uuidString: reference), let list = lists.first(where: { $0.id == id }) { return list }
        let matches = lists.filter { $0.name.caseInsensitiveCompare(reference) == .orderedSame }
        guard let first = matches.first else { throw .notFound("no app list named '\(reference)'") }
        guard matches.count == 1 else { throw .usage("app list name '\(reference)' is ambiguous; give its id") }
        return first
    }
}
