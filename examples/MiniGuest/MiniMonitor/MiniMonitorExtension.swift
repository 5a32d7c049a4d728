import DeviceActivity
import Foundation
import UserNotifications

/// Shields a rule at its window's start and clears it at the end; stamps
/// each callback's `Date()` so a test can see which clock it read, and
/// notes the last warning before an edge.
final class MiniMonitorExtension: DeviceActivityMonitor {
    override func intervalDidStart(for activity: DeviceActivityName) {
        stamp(activity)
        guard let id = MiniRule.id(fromWindow: activity.rawValue),
            let rule = MiniStore.load().first(where: { $0.id == id })
        else { return }
        if rule.isActive(at: .now, calendar: .current) {
            MiniShields.apply(rule)
            let content = UNMutableNotificationContent()
            content.title = rule.name
            content.body = "Blocking until \(rule.end / 60):\(String(format: "%02d", rule.end % 60))"
            UNUserNotificationCenter.current().add(
                UNNotificationRequest(identifier: "start-" + id.uuidString, content: content, trigger: nil))
        }
    }

    override func intervalDidEnd(for activity: DeviceActivityName) {
        stamp(activity)
        guard let id = MiniRule.id(fromWindow: activity.rawValue) else { return }
        MiniShields.clear(id)
    }

    override func intervalWillStartWarning(for activity: DeviceActivityName) {
        warned("intervalWillStartWarning", activity)
    }

    override func intervalWillEndWarning(for activity: DeviceActivityName) {
        warned("intervalWillEndWarning", activity)
    }

    /// The warnings go to their own key: `lastCallback` stays the window's
    /// last edge, which the clock test reads.
    private func warned(_ callback: String, _ activity: DeviceActivityName) {
        MiniStore.defaults.set("\(callback) \(activity.rawValue)", forKey: "lastWarning")
    }

    private func stamp(_ activity: DeviceActivityName) {
        MiniStore.defaults.set(Date(), forKey: "lastCallback")
        MiniStore.defaults.set(TimeZone.current.identifier, forKey: "lastCallbackZone")
    }
}
