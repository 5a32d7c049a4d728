import Foundation
import OALDomain
import Testing

@Suite struct DaySetTests {
    @Test func summaries() {
        #expect(DaySet.everyDay.summary == "Every day")
        #expect(DaySet.weekdays.summary == "Weekdays")
        #expect(DaySet.weekends.summary == "Weekends")
        #expect(DaySet.never.summary == "Never")
        #expect(DaySet([.monday, .wednesday, .friday]).summary == "Mon, Wed, Fri")
        #expect(DaySet([.saturday, .sunday, .monday]).summary == "Sun, Mon, Sat")
        #expect(DaySet([.tuesday]).summary == "Tue")
        // Six weekdays is custom, not "Every day" or "Weekdays".
        #expect(
            DaySet([.monday, .tuesday, .wednesday, .thursday, .friday, .saturday]).summary
                == "Mon, Tue, Wed, Thu, Fri, Sat")
        #expect(DaySet([.monday, .tuesday, .wednesday, .thursday]).summary == "Mon, Tue, Wed, Thu")
    }

    @Test func weekdayNumbersFollowCalendar() throws {
        #expect(Weekday.sunday.rawValue == 1)
        #expect(Weekday.saturday.rawValue == 7)
        #expect(Weekday(of: Fixture.at("2026-11-27T12:00:00Z"), in: Fixture.utc) == .friday)
        // 23:30 Friday in New York is Saturday in UTC.
        #expect(Weekday(of: Fixture.at("2026-11-28T04:30:00Z"), in: Fixture.newYork) == .friday)
        #expect(Weekday(of: Fixture.at("2026-11-28T04:30:00Z"), in: Fixture.utc) == .saturday)
        #expect(DaySet.weekdays.dayNumbers == [2, 3, 4, 5, 6])
        #expect(try DaySet(dayNumbers: [7, 1, 1]) == .weekends)
    }

    @Test func strictDayNumbers() {
        for bad in [[0], [8], [1, 2, -1], [Int.max]] {
            #expect(throws: RuleValidationError.self) { try DaySet(dayNumbers: bad) }
        }
        #expect((try? DaySet(dayNumbers: [9]))?.days == nil)
        do {
            _ = try DaySet(dayNumbers: [3, 9])
            Issue.record("accepted 9")
        } catch {
            #expect(error.field == "dayNumbers")
            #expect(error.problem.contains("9"))
        }
    }

    @Test func codableAsSortedNumbers() throws {
        let data = try JSONEncoder().encode(DaySet([.friday, .monday]))
        #expect(String(decoding: data, as: UTF8.self) == "[2,6]")
        #expect(try JSONDecoder().decode(DaySet.self, from: Data("[6,2]".utf8)) == DaySet([.monday, .friday]))
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(DaySet.self, from: Data("[0]".utf8)) }
    }

    @Test func setAlgebraToggles() {
        var days = DaySet.weekdays
        days.remove(.friday)
        days.insert(.sunday)
        #expect(days.summary == "Sun, Mon, Tue, Wed, Thu")
        #expect(days.contains(.sunday))
        #expect(!days.contains(.friday))
    }
}
