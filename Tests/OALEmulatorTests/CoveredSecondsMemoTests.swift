import Foundation
import OALDomain
import OALPlatform
import Testing

@testable import OALOracle

/// The oracle keeps each rule's covered seconds of a day (`CoveredSecondsMemo`)
/// and must give a kept answer back only for the same coverage, catalog and
/// token changes, and none once told to forget.
@Suite struct CoveredSecondsMemoTests {
    private let day = DayKey(year: 2026, month: 11, day: 30)!

    private func entry(_ apps: [String]) throws -> UserRules.Entry {
        let rule = try RulePreset.deepSleep.makeRule(
            id: UUID(uuidString: "00000000-0000-0000-0000-0000000000A1")!,
            createdAt: Date(timeIntervalSince1970: 1_764_000_000))
        return UserRules.Entry(rule: rule, selection: AppSelection(applications: Set(apps.map(ApplicationToken.init))))
    }

    @Test func aKeptAnswerIsGivenOnlyForWhatItWasComputedFrom() throws {
        var memo = CoveredSecondsMemo()
        var computed = 0
        func ask(
            _ entry: UserRules.Entry, day: DayKey? = nil, catalog: InstalledAppCatalog = .standard,
            changes: [String: TokenChange]? = nil
        ) -> TimeInterval {
            memo.seconds(of: entry, on: day ?? self.day, catalog: catalog, tokenChanges: changes) {
                computed += 1
                return TimeInterval(computed)
            }
        }
        let social = try entry(["app-a"])
        #expect(ask(social) == 1)
        #expect(ask(social) == 1, "the same question: the kept answer")
        #expect(ask(try entry(["app-a", "app-b"])) == 2, "another list")
        #expect(ask(try entry(["app-a", "app-b"])) == 2)
        #expect(ask(social) == 3, "the first list again, asked anew after the other replaced it")
        #expect(ask(social, day: DayKey(year: 2026, month: 12, day: 1)!) == 4, "another day")
        var fewer = InstalledAppCatalog.standard
        fewer.apps.removeLast()
        #expect(ask(social, catalog: fewer) == 5, "another catalog")
        let change = TokenChange(app: "com.example", retired: [ApplicationToken("old")], time: Date())
        #expect(ask(social, changes: ["com.example": change]) == 6, "a token changed")
        #expect(ask(social, changes: ["com.example": change]) == 6)
        memo.forget()
        #expect(ask(social, changes: ["com.example": change]) == 7, "forgotten")
    }
}
