import Foundation
import OALEmulator
import OALPlatform
import OALStore
import OALTestSupport
import Testing

/// Notifications an app scheduled with a trigger, delivered by a real
/// `oal-device run` when they come due. OpenAppLock's own processes
/// schedule none, so each test adds its requests to the root itself, as a
/// guest's `UNUserNotificationCenter.add` does, between `init` and `run`.
@Suite struct NotificationDeliveryTests {
    /// Plays `requests` with the app's notifications `permission` (as the
    /// app's request, answered by the user, leaves it), and `steps`.
    static func play(
        _ requests: [PendingNotification], until end: String,
        permission: NotificationPermissionFile.Status? = .authorized, steps: String = ""
    ) throws -> (DeviceProcessRun, [TraceEvent], [PendingNotification], String) {
        let device = try DeviceProcessRun("start 2026-11-30 08:00\nend \(end)\n" + steps)
        let root = device.root("device")
        #expect(try device.initialize(root) == .exited(0))
        let center = try NotificationCenterFile(root: root)
        try center.update { $0 = requests }
        if let permission {
            try NotificationPermissionFile(system: AppGroupContainer(url: root.system)).update { $0 = permission }
        }
        #expect(try device.play(root) == .exited(0))
        let log = (try? String(contentsOf: root.logs.appendingPathComponent("notifications.jsonl"), encoding: .utf8))
        return (device, try device.trace(root), try center.pending(), log ?? "")
    }

    static func delivered(_ trace: [TraceEvent]) -> [String] {
        trace.filter { $0.process == .device && $0.event == "notification.deliver" }.map {
            "\($0.fields["id"] ?? "")@\($0.time.dropFirst(8).prefix(8))"
        }
    }

    /// Source: `UNCalendarNotificationTrigger` docs ("the system delivers the
    /// notification at the specified date and time"; with `repeats`, "every
    /// time the date components match"). A daily 09:30 reminder fires on
    /// two days and stays pending; a one-off 2026-11-30 12:00:30 fires once
    /// at its second and is gone.
    @Test func aCalendarTriggerFiresAtEachMatchingDate() throws {
        let daily = PendingNotification(
            identifier: "daily", title: "Focus", body: "Starts soon",
            components: ScheduleComponents(hour: 9, minute: 30), repeats: true)
        let once = PendingNotification(
            identifier: "once", title: "Once", body: "",
            components: ScheduleComponents(year: 2026, month: 11, day: 30, hour: 12, minute: 0, second: 30),
            repeats: false)
        let (device, trace, pending, log) = try Self.play([daily, once], until: "day 2 10:00")
        defer { device.remove() }
        #expect(Self.delivered(trace) == ["daily@30T09:30", "once@30T12:00", "daily@01T09:30"])
        let second = trace.first { $0.event == "notification.deliver" && $0.fields["id"] == "once" }
        #expect(second?.time.dropFirst(11).prefix(8) == "12:00:30")
        #expect(pending.map(\.identifier) == ["daily"])
        #expect(log.split(separator: "\n").count == 3)
        #expect(log.contains("\"title\":\"Focus\""))
        // Drawn: a notifications row in the timeline and in the report.
        let oalDevice = try BuiltProducts.executable("oal-device")
        let root = device.root("device").url.path
        let timeline = try ProcessRun.run(oalDevice, ["timeline", "--root", root]).stdout
        let row = timeline.split(separator: "\n").first { $0.hasPrefix("notifications ") }
        #expect(row.map { $0.dropFirst("notifications".count).filter { $0 == "n" }.count } == 3, "\(timeline)")
        _ = try ProcessRun.run(oalDevice, ["report", "--root", root])
        let html = try String(
            contentsOf: device.root("device").logs.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(html.contains("marks:notifications") && html.contains("notification once: Once"))
    }

    /// Source: `UNTimeIntervalNotificationTrigger` docs: fires the interval
    /// after it was added, then every interval if it repeats. The request
    /// below was added at 08:00 (its first `nextFire`).
    @Test func aTimeIntervalTriggerFiresEveryInterval() throws {
        var every = PendingNotification(
            identifier: "break-over", title: "Break over", body: "", interval: 45 * 60, repeats: true)
        every.nextFire = Date(timeIntervalSince1970: 1_796_028_300)  // 2026-11-30 08:45 UTC
        let (device, trace, _, _) = try Self.play([every], until: "day 1 10:00")
        defer { device.remove() }
        #expect(Self.delivered(trace) == ["break-over@30T08:45", "break-over@30T09:30"])
    }

    /// A notification whose date has passed before the run reaches it is
    /// never delivered, and one removed is not either.
    @Test func aRequestForAPastDateIsDroppedWithoutDelivery() throws {
        let past = PendingNotification(
            identifier: "past", title: "", body: "",
            components: ScheduleComponents(year: 2025, month: 1, day: 1, hour: 9, minute: 0),
            repeats: false)
        let (device, trace, pending, _) = try Self.play([past], until: "day 1 09:00")
        defer { device.remove() }
        #expect(Self.delivered(trace).isEmpty)
        #expect(pending.isEmpty)
    }

    /// Apple's `UNError.Code.notificationsNotAllowed`: an app "isn't
    /// authorized to schedule notifications" until the person allows them.
    /// A request that comes due while they are off (never asked, or
    /// switched off in Settings: `notifications deny`) is withheld, traced
    /// `notification.withheld` with the status, and not shown; a repeating
    /// one is shown again once they are back on (`notifications allow`).
    @Test func aRequestDueWhileNotificationsAreOffIsWithheld() throws {
        let daily = PendingNotification(
            identifier: "daily", title: "Focus", body: "",
            components: ScheduleComponents(hour: 9, minute: 30), repeats: true)
        let (device, trace, pending, log) = try Self.play(
            [daily], until: "day 3 10:00",
            steps: "at 09:00 notifications deny\nat day 2 12:00 notifications allow\n")
        defer { device.remove() }
        #expect(Self.delivered(trace) == ["daily@02T09:30"])
        let withheld = trace.filter { $0.event == "notification.withheld" }
        #expect(withheld.map { $0.fields["status"] } == ["denied", "denied"], "\(withheld)")
        let switches = trace.filter { $0.event == "notification.permission" }
        #expect(switches.map { $0.fields["status"] } == ["denied", "authorized"])
        #expect(pending.map(\.identifier) == ["daily"])
        #expect(log.split(separator: "\n").count == 1)

        let (never, neverTrace, _, _) = try Self.play([daily], until: "day 1 10:00", permission: nil)
        defer { never.remove() }
        #expect(Self.delivered(neverTrace).isEmpty)
        #expect(
            neverTrace.filter { $0.event == "notification.withheld" }.map { $0.fields["status"] } == ["notDetermined"])
    }
}
