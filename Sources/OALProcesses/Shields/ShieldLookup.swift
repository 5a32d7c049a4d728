import Foundation
import OALDomain
import OALPlatform
import OALSystem

/// Which rules hold the shield over one app or web domain right now, as the
/// two shield extensions ask it: from the published snapshots, the day's
/// usage and the sessions, through the domain's arbitration. Drawing
/// (shield-config) and pressing (shield-action) use this same answer, so a
/// button is honoured exactly when it was offered.
public struct ShieldLookup: Sendable {
    public var subject: ShieldSubject
    public var holders: [ShieldCandidate]
    public var inputs: EnforcementInputs

    public var presentation: ShieldPresentation {
        guard Mutant.on(.openOverOtherBlock) else { return ShieldPresentation(holders: holders) }
        let openLimits = holders.filter { $0.rule.configuration.openLimit != nil }
        return ShieldPresentation(holders: openLimits.isEmpty ? holders : openLimits)
    }

    public static func subject(
        kind: String, token: String, context: ProcessContext
    ) throws -> ShieldSubject {
        switch kind {
        case "application":
            let app = ApplicationToken(token)
            // iOS hands the extension the app's category with the token;
            // the emulated OS keeps that fact in its catalog.
            let category = try context.platform.catalog.catalog().app(app)?.category
            return .application(app, category: category)
        case "web-domain":
            return .webDomain(WebDomainToken(token))
        default:
            throw ProcessFailure.usage("unknown shield subject '\(kind)' (expected application or web-domain)")
        }
    }

    public static func lookUp(
        _ subject: ShieldSubject, context: ProcessContext, stores: SharedStores
    ) throws -> ShieldLookup {
        let rules = try PublishedRule.loadAll(from: stores, context: context)
        let inputs = try EnforcementInputs.read(context: context, stores: stores)
        let holders = ShieldArbitration.holders(
            of: subject, among: rules.map(inputs.candidate), at: inputs.now, calendar: inputs.calendar)
        return ShieldLookup(subject: subject, holders: holders, inputs: inputs)
    }
}
