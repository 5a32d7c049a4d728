import Foundation
import OALDomain
import Testing

@Suite struct ShieldTests {
    let calendar = Fixture.utc
    let now = Fixture.at("2026-11-27T10:00:00Z")
    let social = ApplicationToken("app.social")
    let game = ApplicationToken("app.game")
    let mail = ApplicationToken("app.mail")

    var socialSubject: ShieldSubject { .application(social, category: CategoryToken("cat.social")) }

    func candidate(_ rule: Rule, apps: Set<ApplicationToken>, usage: DailyUsage = .zero, session: Date? = nil)
        -> ShieldCandidate
    {
        ShieldCandidate(rule: rule, selection: AppSelection(applications: apps), usage: usage, sessionExpiry: session)
    }

    @Test func openLimitWithOpensLeftOffersOpen() {
        let holder = candidate(Fixture.openLimit(5), apps: [social], usage: DailyUsage(opensUsed: 2))
        let shield = ShieldPresentation(holders: [holder])
        #expect(shield.title == "App Blocked")
        #expect(shield.subtitle == "Opened 2 of 5 times today")
        #expect(shield.primaryButtonLabel == "Close")
        #expect(shield.secondaryButtonLabel == "Open (3 left)")
        #expect(shield.openGrant?.ruleIDs == [Fixture.ruleA])
    }

    @Test func spentOpenLimitOffersNoOpen() {
        let holder = candidate(Fixture.openLimit(5), apps: [social], usage: DailyUsage(opensUsed: 5))
        let shield = ShieldPresentation(holders: [holder])
        #expect(shield.title == "App Blocked")
        #expect(shield.subtitle == "This app is blocked by OpenAppLock.")
        #expect(shield.secondaryButtonLabel == nil)
        #expect(shield.openGrant == nil)
    }

    @Test func otherKindsReadGeneric() {
        for rule in [Fixture.schedule(540, 1020), Fixture.timeLimit(30)] {
            let shield = ShieldPresentation(holders: [
                candidate(rule, apps: [social], usage: DailyUsage(minutesUsed: 30))
            ])
            #expect(shield.subtitle == ShieldPresentation.genericSubtitle)
            #expect(shield.secondaryButtonLabel == nil)
        }
        #expect(ShieldPresentation(holders: []).secondaryButtonLabel == nil)
    }

    // A schedule or a spent rule holding the same app means Open would
    // spend an open and still leave the app blocked: no Open.
    @Test func anyNonOpenHolderRemovesOpen() {
        let open = candidate(Fixture.openLimit(5, id: Fixture.ruleA), apps: [social], usage: DailyUsage(opensUsed: 1))
        let schedule = candidate(Fixture.schedule(540, 1020, id: Fixture.ruleB), apps: [social])
        let spentTime = candidate(
            Fixture.timeLimit(10, id: Fixture.ruleC), apps: [social], usage: DailyUsage(minutesUsed: 10))
        let spentOpen = candidate(
            Fixture.openLimit(1, id: Fixture.ruleC), apps: [social], usage: DailyUsage(opensUsed: 1))
        #expect(ShieldArbitration.openGrant(holders: [open, schedule]) == nil)
        #expect(ShieldArbitration.openGrant(holders: [spentTime, open]) == nil)
        #expect(ShieldArbitration.openGrant(holders: [open, spentOpen]) == nil)
    }

    @Test func severalOpenLimitsSpendInEachAndShowTheTightest() {
        let loose = candidate(Fixture.openLimit(10, id: Fixture.ruleB), apps: [social], usage: DailyUsage(opensUsed: 1))
        let tight = candidate(Fixture.openLimit(3, id: Fixture.ruleA), apps: [social], usage: DailyUsage(opensUsed: 2))
        let grant = ShieldArbitration.openGrant(holders: [loose, tight])
        #expect(grant?.ruleIDs == [Fixture.ruleA, Fixture.ruleB])
        #expect(grant?.opensUsed == 2)
        #expect(grant?.maxOpens == 3)
        #expect(ShieldPresentation(holders: [loose, tight]).secondaryButtonLabel == "Open (1 left)")
        // Order of holders does not change the answer.
        #expect(ShieldArbitration.openGrant(holders: [tight, loose]) == grant)
    }

    @Test func holdersAreRulesWhoseShieldIsUpAndCoversTheApp() {
        let gate = candidate(Fixture.openLimit(5, id: Fixture.ruleA), apps: [social])
        let session = candidate(
            Fixture.openLimit(5, id: Fixture.ruleB), apps: [social], session: Fixture.at("2026-11-27T10:05:00Z"))
        let elsewhere = candidate(Fixture.schedule(540, 1020, id: Fixture.ruleC), apps: [game])
        let holders = ShieldArbitration.holders(
            of: socialSubject, among: [gate, session, elsewhere], at: now, calendar: calendar)
        #expect(holders.map(\.rule.id) == [Fixture.ruleA])
        // The game is held only by the schedule, so no Open for it.
        let gameHolders = ShieldArbitration.holders(
            of: .application(game, category: nil), among: [gate, session, elsewhere], at: now, calendar: calendar)
        #expect(gameHolders.map(\.rule.id) == [Fixture.ruleC])
        #expect(ShieldPresentation(holders: gameHolders).openGrant == nil)
    }

    @Test func scopeFollowsModeAndList() {
        let selection = AppSelection(
            applications: [social], categories: [CategoryToken("cat.games")], webDomains: [WebDomainToken("a.com")])
        let block = ShieldScope(rule: Fixture.schedule(540, 1020), selection: selection)
        #expect(block.covers(.application(social, category: nil)))
        #expect(block.covers(.application(game, category: CategoryToken("cat.games"))))
        #expect(!block.covers(.application(mail, category: nil)))
        #expect(block.covers(.webDomain(WebDomainToken("a.com"))))
        let allow = ShieldScope(rule: Fixture.schedule(540, 1020, mode: .allowOnly), selection: selection)
        #expect(!allow.covers(.application(social, category: nil)))
        #expect(allow.covers(.application(mail, category: nil)))
        #expect(!allow.covers(.webDomain(WebDomainToken("a.com"))))
        #expect(allow.covers(.webDomain(WebDomainToken("b.com"))))
        // No list, or an empty one, covers nothing in either mode.
        #expect(ShieldScope(rule: Fixture.schedule(540, 1020, mode: .allowOnly), selection: nil) == .nothing)
        #expect(ShieldScope(rule: Fixture.schedule(540, 1020, mode: .allowOnly), selection: .empty) == .nothing)
        #expect(!ShieldScope.nothing.covers(.application(mail, category: nil)))
    }
}
