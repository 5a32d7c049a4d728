import Foundation
import OALScenario

/// The rows of a screen (`oal-app rules|home --json`): every object with a
/// `name`, wherever it is nested, with its `subtitle` and `trailing`, and
/// on the Rules screen its schedule text (`window`, `days`).
package struct ScreenRows {
    package struct Row {
        package var id: String?
        package var name: String
        package var subtitle: String
        package var trailing: String
        /// A schedule's window ("09:00 – 17:00"); nil when the row has none.
        package var window: String? = nil
        /// The rule's days ("Weekdays"); nil when the row shows none.
        package var days: String? = nil

        package init(
            id: String?, name: String, subtitle: String, trailing: String, window: String? = nil, days: String? = nil
        ) {
            self.id = id
            self.name = name
            self.subtitle = subtitle
            self.trailing = trailing
            self.window = window
            self.days = days
        }
    }

    package var rows: [Row] = []

    package init(rows: [Row]) { self.rows = rows }

    package init?(json: String) {
        guard let object = try? JSONSerialization.jsonObject(with: Data(json.utf8)) else { return nil }
        collect(object)
    }

    package func row(named name: String) -> Row? {
        rows.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }
    }

    private mutating func collect(_ value: Any) {
        if let dictionary = value as? [String: Any] {
            if let name = dictionary["name"] as? String, dictionary["trailing"] != nil || dictionary["subtitle"] != nil
            {
                rows.append(
                    Row(
                        id: dictionary["id"] as? String, name: name, subtitle: dictionary["subtitle"] as? String ?? "",
                        trailing: dictionary["trailing"] as? String ?? "", window: dictionary["window"] as? String,
                        days: dictionary["days"] as? String))
            }
            for inner in dictionary.values { collect(inner) }
        } else if let list = value as? [Any] {
            for inner in list { collect(inner) }
        }
    }
}
