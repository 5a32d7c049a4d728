import Foundation
import Glibc
import OALEmulator
import OALExplore
import OALPlatform
import OALSystem
import OALTestSupport
import Testing

/// The warnings a schedule's `warningTime` asks for, delivered by a real
/// `oal-device run` to real `oal-monitor` processes. OpenAppLock registers
/// no warning time, so each test registers its activity on the root itself,
/// as an app would, between `oal-device init` and `run`; the monitor traces
/// the warnings it is sent as ignored and exits 0.
@Suite struct WarningCallbackTests {
    /// 09:00–10:00 daily, warned 5 minutes ahead, registered at 08:00.
    static let hourWarned = DeviceActivitySchedule(
        intervalStart: .timeOfDay(hour: 9, minute: 0), intervalEnd: .timeOfDay(hour: 10, minute: 0), repeats: true,
        warningSeconds: 300)

    /// All day, warned 3 minutes ahead, with a 10-minute YouTube threshold.
    static let capWarned = DeviceActivitySchedule(
        intervalStart: .timeOfDay(hour: 0, minute: 0), intervalEnd: .timeOfDay(hour: 23, minute: 59), repeats: true,
        warningSeconds: 180)

    static func capEvents() throws -> [String: DeviceActivityEvent] {
        let youtube = try #require(InstalledAppCatalog.standard.app(named: "YouTube"))
        return ["cap": DeviceActivityEvent(selection: .init(applications: [youtube.token]), thresholdMinutes: 10)]
    }

    /// Initialises a root for `scenario` (UTC, from 08:00 on 2026-11-30),
    /// registers `activity` on it and plays it to the end, again after a
    /// kill of the device.
    static func play(
        _ scenario: String, activity: String, _ schedule: DeviceActivitySchedule,
        events: [String: DeviceActivityEvent] = [:]
    ) throws -> (DeviceProcessRun, [TraceEvent]) {
        let device = try DeviceProcessRun("start 2026-11-30 08:00\n" + scenario)
        let root = device.root("device")
        #expect(try device.initialize(root) == .exited(0))
        try EmulatedPlatform(root: root).deviceActivity.startMonitoring(activity, during: schedule, events: events)
        var ending = try device.play(root)
        if ending == .signaled(SIGKILL) { ending = try device.play(root) }
        #expect(ending == .exited(0))
        return (device, try device.trace(root))
    }

    /// The device's `deliver` lines of `activity`, as `kind@HH:MM` in UTC.
    static func delivered(_ trace: [TraceEvent], _ activity: String) -> [String] {
        trace.filter { $0.process == .device && $0.event == "deliver" && $0.fields["activity"] == activity }.map {
            "\($0.fields["kind"] ?? "")@\($0.time.dropFirst(11).prefix(5))"
        }
    }

    /// Source: Apple's `DeviceActivitySchedule.warningTime` ("from 10 a.m.
    /// to 11 a.m. ... setting the schedule's warning time to 5 minutes
    /// results in the extension receiving `intervalWillStartWarning(for:)`,
    /// `intervalWillEndWarning(for:)` ... at 9:55 a.m., 10:55 a.m"). Here
    /// 09:00–10:00 warns at 08:55 and 09:55, each once, and every monitor
    /// launch ends 0.
    @Test func aScheduleWarnedFiveMinutesAheadIsWarnedAt0855And0955() throws {
        let (device, trace) = try Self.play("end day 1 11:00\n", activity: "warned", Self.hourWarned)
        defer { device.remove() }
        #expect(
            Self.delivered(trace, "warned") == [
                "intervalWillStartWarning@08:55", "intervalDidStart@09:00", "intervalWillEndWarning@09:55",
                "intervalDidEnd@10:00",
            ])
        let launches = trace.filter { $0.process == .device && $0.event == "deliver" }
        #expect(launches.allSatisfy { $0.fields["status"] == "0" }, "\(launches)")
        let ignored = trace.filter { $0.process == .monitor && $0.event == "callback.ignored" }
        #expect(
            ignored.filter { $0.fields["callback"]?.hasSuffix("Warning") == true }.count == 2, "\(ignored)")
        // The timeline draws them as warnings, not thresholds.
        let timeline = try ProcessRun.run(
            try BuiltProducts.executable("oal-device"), ["timeline", "--root", device.root("device").url.path]
        ).stdout
        let row = timeline.split(separator: "\n").first { $0.hasPrefix("callbacks ") }
        #expect(row.map { String($0.dropFirst("callbacks ".count).filter { $0 != " " }) } == "wswe", "\(timeline)")
        #expect(timeline.contains("w warning"), "\(timeline)")
    }

    /// Source: Apple's `DeviceActivitySchedule.warningTime` (the warning
    /// comes "when 25 minutes of the event" threshold of 30 have been used,
    /// warned 5 minutes ahead). A 10-minute threshold warned 3 minutes
    /// ahead is warned after 7 minutes of YouTube (09:07), once, and
    /// reached after 10 (09:10). Registered mid-interval, the activity
    /// starts at once and is not warned of a start already past.
    @Test func anEventWarnedThreeMinutesAheadIsWarnedAfterSevenCountedMinutes() throws {
        let (device, trace) = try Self.play(
            "end day 1 10:00\nat 09:00 open YouTube for 15m\n", activity: "capped", Self.capWarned,
            events: try Self.capEvents())
        defer { device.remove() }
        #expect(
            Self.delivered(trace, "capped") == [
                "intervalDidStart@08:00", "eventWillReachThresholdWarning@09:07", "eventDidReachThreshold@09:10",
            ])
        let warning = trace.first { $0.event == "deliver" && $0.fields["kind"] == "eventWillReachThresholdWarning" }
        #expect(warning?.fields["event"] == "cap")
    }

    /// Source: Apple's `DeviceActivityMonitor` callbacks are delivered by
    /// the system, which never redelivers one (docs/FAULTS.md, `kill
    /// device`). The device killed right after it launched the monitor for
    /// a warning, then started again on its root, does not warn again.
    @Test(arguments: [
        ("warned", "end day 1 11:00\nat 08:00 expect unblocked YouTube\n", "intervalWillStartWarning"),
        ("capped", "end day 1 10:00\nat 09:00 open YouTube for 15m\n", "eventWillReachThresholdWarning"),
    ])
    func aDeviceKilledAfterLaunchingAWarningDoesNotWarnAgain(activity: String, body: String, warning: String)
        throws
    {
        // The warning is the first delivery of "warned", the second of
        // "capped" (its interval starts at 08:00). Each scenario has a step
        // before the kill: a device resumes its run once a step is done.
        let point = activity == "warned" ? "#1" : "#2"
        let (device, trace) = try Self.play(
            "fault kill device at device.deliver.after-launch\(point)\n" + body, activity: activity,
            activity == "warned" ? Self.hourWarned : Self.capWarned,
            events: activity == "warned" ? [:] : try Self.capEvents())
        defer { device.remove() }
        #expect(trace.contains { $0.event == "run.start" && $0.fields["resumed"] == "true" }, "the device was killed")
        let launched = trace.filter {
            $0.event == "launch" && $0.process == .monitor && ($0.fields["argv"] ?? "").hasPrefix(warning)
        }
        #expect(launched.count == 1, "\(launched)")
        #expect(!trace.contains { $0.event == "deliver.resumed" && $0.fields["kind"] == warning })
    }

    /// A device killed before its scenario's first step (here the first
    /// delivery of a scenario with none) resumes its run: the second
    /// `run.start` says `resumed`, no launch number is handed out twice,
    /// and the warning whose process ran is not launched again. It once started a new
    /// run, because only a done step marked a run as begun.
    @Test func aDeviceKilledBeforeItsFirstStepResumesItsRun() throws {
        let (device, trace) = try Self.play(
            "fault kill device at device.deliver.after-launch#1\nend day 1 11:00\n", activity: "warned",
            Self.hourWarned)
        defer { device.remove() }
        let starts = trace.filter { $0.event == "run.start" }
        #expect(starts.map { $0.fields["resumed"] } == ["false", "true"], "\(starts)")
        let launches = trace.filter { $0.event == "launch" }.compactMap(\.launch)
        #expect(Set(launches).count == launches.count, "launch numbers handed out twice: \(launches)")
        // The warning's process ran before the kill: it is not launched
        // again (iOS never redelivers), and the rest come as due.
        let warned = trace.filter {
            $0.event == "launch" && $0.process == .monitor
                && ($0.fields["argv"] ?? "").hasPrefix("intervalWillStartWarning")
        }
        #expect(warned.count == 1, "\(warned)")
        #expect(
            Self.delivered(trace, "warned") == [
                "intervalDidStart@09:00", "intervalWillEndWarning@09:55", "intervalDidEnd@10:00",
            ])
    }

    /// Source: developer forums reports of late, dropped and repeated
    /// DeviceActivity callbacks (docs/FAULTS.md, `delay`, `drop`,
    /// `refire`): a warning is a callback like the others, so the callback
    /// faults take it by name. The start warning held 2 minutes comes at
    /// 08:57; the end warning refired a minute later comes at 09:55 and
    /// 09:56.
    @Test func theCallbackFaultsTakeAWarningByName() throws {
        let (device, trace) = try Self.play(
            """
            end day 1 11:00
            fault delay intervalWillStartWarning warned by 2m
            fault refire intervalWillEndWarning warned after 1m

            """, activity: "warned", Self.hourWarned)
        defer { device.remove() }
        #expect(
            Self.delivered(trace, "warned") == [
                "intervalWillStartWarning@08:57", "intervalDidStart@09:00", "intervalWillEndWarning@09:55",
                "intervalWillEndWarning@09:56", "intervalDidEnd@10:00",
            ])
    }

    /// Source: developer forums reports of callbacks that never come
    /// (docs/FAULTS.md, `drop`), and of thresholds batched and delivered
    /// together later (`batch thresholds`): a threshold's warning is held
    /// with the threshold. The dropped start warning never comes; the
    /// batched warning and threshold come together when the batch is
    /// released, at 09:30.
    @Test func aDroppedOrBatchedWarningIsWithheldLikeItsThreshold() throws {
        let dropped = try Self.play(
            "end day 1 11:00\nfault drop intervalWillStartWarning warned\n", activity: "warned", Self.hourWarned)
        defer { dropped.0.remove() }
        #expect(
            Self.delivered(dropped.1, "warned") == [
                "intervalDidStart@09:00", "intervalWillEndWarning@09:55", "intervalDidEnd@10:00",
            ])
        let batched = try Self.play(
            "end day 1 10:00\nat 09:00 fault batch thresholds capped until +30m\nat 09:00 open YouTube for 15m\n",
            activity: "capped", Self.capWarned, events: try Self.capEvents())
        defer { batched.0.remove() }
        #expect(
            Self.delivered(batched.1, "capped") == [
                "intervalDidStart@08:00", "eventWillReachThresholdWarning@09:30", "eventDidReachThreshold@09:30",
            ])
    }
}
