import Foundation
import Testing

@testable import DeviceActivity

/// GuestSDK's `DeviceActivitySchedule.warningTime` as the platform keeps it.
@Suite struct WarningTimeConversionTests {
    func schedule(warning: DateComponents?) -> DeviceActivitySchedule {
        DeviceActivitySchedule(
            intervalStart: DateComponents(hour: 9, minute: 0), intervalEnd: DateComponents(hour: 10, minute: 0),
            repeats: true, warningTime: warning)
    }

    /// Source: Apple's `DeviceActivitySchedule.warningTime` ("setting the
    /// schedule's warning time to 5 minutes"): a warning time is a span,
    /// kept in seconds; none stays none.
    @Test func aWarningTimeIsKeptAsItsSpan() throws {
        #expect(try schedule(warning: DateComponents(minute: 5)).platform(activity: "a").warningSeconds == 300)
        #expect(
            try schedule(warning: DateComponents(hour: 1, minute: 2, second: 3)).platform(activity: "a")
                .warningSeconds == 3723)
        #expect(try schedule(warning: nil).platform(activity: "a").warningSeconds == nil)
    }

    /// Source: Apple's `DeviceActivityCenter.MonitoringError.invalidDateComponents`.
    /// A warning time in days or months has no fixed length (a day may be
    /// 23 or 25 hours); it is refused, naming the activity and the
    /// component, rather than guessed.
    @Test func aWarningTimeOfNoFixedLengthIsRefusedNamingItsComponent() {
        #expect {
            try schedule(warning: DateComponents(day: 1)).platform(activity: "focus")
        } throws: { error in
            "\(error)".contains("activity 'focus'") && "\(error)".contains("warningTime component 'day'")
        }
    }
}
