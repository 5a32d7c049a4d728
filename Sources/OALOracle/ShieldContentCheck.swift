import Foundation
import OALDomain
import OALPlatform
import OALScenario

extension Oracle {
    /// A shield the device showed (`shield.shown`: the shield configuration
    /// extension's lines, `title | subtitle | [primary] | [secondary]`),
    /// judged against the spec model at that instant: Open (a second
    /// button) is offered exactly when every rule that blocks the app now
    /// is an open limit with opens left, and the shield names no rule of
    /// the user's that does not block the app now. A shield over an app no
    /// rule blocks is `over-enforced`'s to name, not this check's.
    func checkShieldContent(_ event: TraceEvent) {
        guard let name = event.fields["app"], event.fields["status"] == "0", let catalog = lastCatalog,
            let app = catalog.app(named: name)
        else { return }
        let model = specModel
        let holders = userRules.entries.filter {
            SpecModel.covers(mode: $0.mode, selection: $0.selection, app: app)
                && model.shields($0.rule, at: now, day: userDay($0, catalog: catalog))
        }
        guard !holders.isEmpty else { return }
        report.checksRun += 1
        let segments = (event.fields["text"] ?? "").components(separatedBy: " | ")
        let offersOpen = segments.filter { $0.hasPrefix("[") }.count >= 2
        // A press killed after its spend spent an open; one killed before
        // its answer may have: Open may then be offered or not.
        let today = days.day(now)
        func count(_ presses: [Date]?) -> Int { (presses ?? []).filter { model.day(of: $0) == today }.count }
        func opensLeft(counting unsure: Bool) -> Bool {
            holders.allSatisfy { entry in
                guard let config = entry.rule.configuration.openLimit else { return false }
                let id = entry.rule.id
                let spent =
                    count(spec.grants[id]) + count(spec.kills?.paidPresses[id])
                    + (unsure ? count(spec.unsurePresses[id]) : 0)
                return spent < config.maxOpens
            }
        }
        let allowsOpen = opensLeft(counting: false)
        let mayDenyOpen = !opensLeft(counting: true)
        let key = "\(app.name)|\(now)"
        let names = holders.map(\.rule.name).joined(separator: ", ")
        // A rule of the user's covering the app that the model does not see
        // blocking, but whose divergence has a named reason (a threshold
        // fired unreached, a kill, travel): its store may shield the app
        // now, with its own shield, until the reason's deadline.
        let excused = userRules.entries.compactMap { entry -> (entry: UserRules.Entry, reason: String)? in
            guard !holders.contains(where: { $0.rule.id == entry.rule.id }), entry.covers(app),
                let reason = namedReason(for: entry.rule, since: now)
            else { return nil }
            return (entry, reason)
        }
        if offersOpen != allowsOpen, offersOpen || !mayDenyOpen {
            let expected =
                allowsOpen
                ? "the shield on \(app.name) offers Open (only open limits with opens left block it: \(names))"
                : "no Open on the shield on \(app.name) (\(names) block it, not only open limits with opens left)"
            if !offersOpen, let other = excused.first {
                expect(
                    .shieldContent, key: key + "|open", ruleID: other.entry.rule.id, ruleName: other.entry.rule.name,
                    expected: expected, actual: "shield: \(event.fields["text"] ?? "")", reason: other.reason)
            } else {
                violate(
                    .shieldContent, key: key + "|open", ruleID: holders.first?.rule.id,
                    ruleName: holders.first?.rule.name, expected: expected,
                    actual: "shield: \(event.fields["text"] ?? "")")
            }
        }
        let blocking = Set(holders.map(\.rule.id) + excused.map(\.entry.rule.id))
        let text = segments.prefix(2).joined(separator: " ")
        for entry in userRules.entries where !blocking.contains(entry.rule.id) && entry.rule.name.count >= 3 {
            guard text.range(of: entry.rule.name, options: .caseInsensitive) != nil,
                !holders.contains(where: { $0.rule.name.caseInsensitiveCompare(entry.rule.name) == .orderedSame })
            else { continue }
            violate(
                .shieldContent, key: key + "|name", ruleID: entry.rule.id, ruleName: entry.rule.name,
                expected: "the shield on \(app.name) names a rule that blocks it now (\(names))",
                actual: "it names \(entry.rule.name): \(event.fields["text"] ?? "")")
        }
    }
}
