import Foundation
import OALDomain
import OALProcesses
import OALScenario

/// The mirror's rules as the oracle judges them (`readView`), decoded again
/// only when the snapshots differ from the last ones: decoding and
/// validating every snapshot at every observation was a quarter of reading
/// the view, and the mirror changes only when the app publishes.
/// `RuleSnapshot.decoded()` depends on the snapshot alone.
final class PublishedRulesMemo {
    struct Rules {
        var published: [PublishedRule]
        var names: [UUID: String]
    }

    private var last: (snapshots: [RuleSnapshot], rules: Rules)?

    func rules(of snapshots: [RuleSnapshot]) -> Rules {
        if let last, last.snapshots == snapshots { return last.rules }
        var rules = Rules(published: [], names: [:])
        for snapshot in snapshots {
            rules.names[snapshot.id] = snapshot.name
            if let (rule, selection) = try? snapshot.decoded() {
                rules.published.append(PublishedRule(rule: rule, selection: selection))
            }
        }
        last = (snapshots, rules)
        return rules
    }
}
