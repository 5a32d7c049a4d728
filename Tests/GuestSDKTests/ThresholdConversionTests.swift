import Foundation
import Testing

@testable import DeviceActivity

/// GuestSDK's `DeviceActivityEvent.threshold` as the platform keeps it.
@Suite struct ThresholdConversionTests {
    func event(_ threshold: DateComponents) -> DeviceActivityEvent {
        DeviceActivityEvent(threshold: threshold)
    }

    /// Source: `DeviceActivityEvent.init(applications:categories:webDomains:threshold:)`:
    /// the threshold is `DateComponents`; hours, minutes and seconds add up,
    /// and the platform counts whole minutes, so seconds round up.
    @Test func aThresholdOfHoursMinutesAndSecondsIsKeptInWholeMinutes() throws {
        let name = DeviceActivityEvent.Name("limit")
        #expect(try event(DateComponents(minute: 30)).platform(activity: "a", event: name).thresholdMinutes == 30)
        #expect(
            try event(DateComponents(hour: 1, minute: 2, second: 1)).platform(activity: "a", event: name)
                .thresholdMinutes == 63)
    }

    /// Source: `DeviceActivityCenter.MonitoringError.invalidDateComponents`. A
    /// threshold of a day has no fixed length; it is refused, naming the
    /// activity, the event and the component, not dropped (it used to be
    /// read as zero minutes' worth of day).
    @Test func aThresholdOfNoFixedLengthIsRefusedNamingItsComponent() {
        #expect {
            try event(DateComponents(day: 1, minute: 5)).platform(activity: "focus", event: .init("cap"))
        } throws: { error in
            "\(error)".contains("activity 'focus'") && "\(error)".contains("threshold of event 'cap' component 'day'")
        }
    }

    /// Source: `DeviceActivityEvent.includesAllActivity`: "true if
    /// applications, categories, and webDomains are empty".
    @Test func anEventNamingNothingIncludesAllActivity() throws {
        #expect(event(DateComponents(minute: 5)).includesAllActivity)
        let all = try event(DateComponents(minute: 5)).platform(activity: "a", event: .init("e"))
        #expect(all.includesAllActivity)
    }
}
