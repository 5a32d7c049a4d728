import Foundation
import OALDomain
import Testing

@testable import OALPlatform

/// `TraceTimestamp` against `Date.ISO8601FormatStyle`, the style it
/// stands in for: the same text for every instant, the same instant for
/// every text.
@Suite struct TraceTimestampTests {
    let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true, timeZone: TimeZone(identifier: "UTC")!)

    func expectSame(_ date: Date, sourceLocation: SourceLocation = #_sourceLocation) {
        let expected = date.formatted(style)
        #expect(
            TraceEvent.timestamp(date) == expected, "\(date.timeIntervalSinceReferenceDate)",
            sourceLocation: sourceLocation)
    }

    /// The style truncates the fraction: `.0005` and `.9999` stay in their
    /// millisecond, the last in its second.
    @Test func subMillisecondFractionsTruncate() {
        for base in [0.0, 1_796_581_020, 946_684_799, 4_102_444_799, 7_258_118_399] as [TimeInterval] {
            for fraction in [0, 0.0004, 0.0005, 0.0006, 0.001, 0.0015, 0.9994, 0.9995, 0.9999, 0.999_999_9] {
                expectSame(Date(timeIntervalSince1970: base + fraction))
            }
        }
        #expect(TraceEvent.timestamp(Date(timeIntervalSince1970: 1_796_581_020.9999)) == "2026-12-06T18:17:00.999Z")
        #expect(TraceEvent.timestamp(Date(timeIntervalSince1970: 1_796_581_020.0005)) == "2026-12-06T18:17:00.000Z")
    }

    @Test func boundariesAndTheFallbackOutsideThem() {
        let instants: [TimeInterval] = [
            -1, -0.0005, -86_400 * 365.25 * 100, 0, 951_782_400, 978_307_199.999, 978_307_200, 4_107_542_400,
            7_258_118_399.999, 7_258_118_400, 7_258_118_400.5, 253_402_300_799, 253_402_300_800,
        ]
        for instant in instants {
            let date = Date(timeIntervalSince1970: instant)
            expectSame(date)
            expectSame(Date(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate.nextUp))
            expectSame(Date(timeIntervalSinceReferenceDate: date.timeIntervalSinceReferenceDate.nextDown))
        }
        // The smallest fractions past 2001's first second round to a whole
        // second in nanoseconds; the fast path hands them on.
        expectSame(Date(timeIntervalSinceReferenceDate: 1.0.nextDown))
        expectSame(Date(timeIntervalSinceReferenceDate: 0.0.nextDown))
    }

    @Test func randomInstantsFormatAsTheStyle() {
        var random = SplitMix64(seed: 2026)
        for index in 0..<100_000 {
            let second = Double(random.int(in: -978_307_200...(7_258_118_400 - 978_307_200)))
            let millisecond = Double(random.int(in: 0...999)) / 1000
            let jitter = [0, 1e-7, -1e-7, 4e-4, 5e-4, 9.999e-4][index % 6]
            expectSame(Date(timeIntervalSinceReferenceDate: second + millisecond + jitter))
            let anywhere = Double(random.next() >> 11) / Double(1 << 53) * 8_236_425_600 - 978_307_200
            expectSame(Date(timeIntervalSinceReferenceDate: anywhere))
        }
    }

    func expectSameParse(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let expected = try? style.parse(text)
        let parsed = TraceEvent.date(fromTimestamp: text)
        #expect(
            parsed?.timeIntervalSinceReferenceDate.bitPattern == expected?.timeIntervalSinceReferenceDate.bitPattern,
            "\(text)", sourceLocation: sourceLocation)
    }

    /// The style reads some text leniently (day 30 of February, hour 24)
    /// and other shapes; those must reach it, not be rejected or misread.
    @Test func unusualTextParsesAsTheStyle() {
        let texts = [
            "2026-12-06T18:17:00.000Z", "2026-12-06T18:17:00Z", "2026-12-06T18:17:00.5Z", "2026-12-06T18:17:00.12345Z",
            "2026-02-30T18:17:00.000Z", "2026-12-06T24:00:00.000Z", "2026-12-06T18:60:00.000Z",
            "2026-12-06T18:17:60.000Z", "2026-12-06t18:17:00.000z", "2026-12-06T18:17:00.000+01:00",
            "2024-02-29T00:00:00.000Z", "2023-02-29T00:00:00.000Z", "2100-02-29T00:00:00.000Z",
            "1969-12-31T23:59:59.999Z", "2200-01-01T00:00:00.000Z", "2199-12-31T23:59:59.999Z",
            "1970-01-01T00:00:00.000Z", "2026-13-01T00:00:00.000Z", "2026-00-01T00:00:00.000Z",
            "2026-12-00T00:00:00.000Z", "2026-12-06T18:17:00.0a0Z", "+026-12-06T18:17:00.000Z", "", "garbage",
            "2026-12-06T18:17:00.000Z ", "2026-12-06 18:17:00.000Z",
            // Before 2001 the sum's order shows: these round differently
            // when the milliseconds are added to the whole instant.
            "2000-12-04T18:50:36.419Z", "2000-12-22T11:43:42.239Z",
        ]
        for text in texts { expectSameParse(text) }
    }

    @Test func randomTimestampsParseAsTheStyle() {
        var random = SplitMix64(seed: 99)
        for index in 0..<50_000 {
            let second = Double(random.int(in: -978_307_200...(7_258_118_400 - 978_307_200 - 1)))
            let millisecond = index % 5 == 0 ? [0, 1, 5, 500, 995, 999][index % 6] : random.int(in: 0...999)
            let whole = Date(timeIntervalSinceReferenceDate: second).formatted(style)
            let text = whole.dropLast(4) + String(format: "%03d", millisecond) + "Z"
            expectSameParse(String(text))
            #expect(TraceTimestamp.fastParse(String(text)) != nil)
        }
    }
}
