import Foundation
import OALDomain
import Testing

@Suite struct DayKeyTests {
    @Test func parsesOnlyStrictDays() {
        #expect(DayKey("2026-11-29")?.description == "2026-11-29")
        #expect(DayKey("2026-1-29") == nil)
        #expect(DayKey("2026-13-01") == nil)
        #expect(DayKey("２０２６-11-29") == nil)
        #expect(DayKey("2026-11-29 ") == nil)
    }
}
