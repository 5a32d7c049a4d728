import CryptoKit
import DeviceActivity
import Foundation
import os

/// The foreground refresh: shields what is active now, publishes the rules
/// and keeps one DeviceActivity window per rule, restarted only when its
/// window changed (a SHA-256 fingerprint in the group, as real apps do).
/// Each window is warned 5 minutes before it opens and closes.
final class MiniEnforcer {
    private let log = Logger(subsystem: "example.MiniGuest", category: "enforcer")

    func refresh(rules: [MiniRule]) async {
        let now = Date()
        let calendar = Calendar.current
        MiniStore.save(rules)
        for rule in rules {
            if rule.isActive(at: now, calendar: calendar) { MiniShields.apply(rule) } else { MiniShields.clear(rule.id) }
        }
        let center = DeviceActivityCenter()
        var fingerprints = MiniStore.defaults.dictionary(forKey: "fingerprints") as? [String: String] ?? [:]
        let wanted = Set(rules.filter(\.enabled).map { MiniRule.windowName($0.id) })
        for rule in rules where rule.enabled {
            let name = MiniRule.windowName(rule.id)
            let print = SHA256.hash(data: Data("\(rule.start)-\(rule.end)".utf8)).map { String(format: "%02x", $0) }
                .joined()
            guard fingerprints[name] != print || !center.activities.contains(DeviceActivityName(name)) else { continue }
            do {
                try center.startMonitoring(
                    DeviceActivityName(name),
                    during: DeviceActivitySchedule(
                        intervalStart: DateComponents(hour: rule.start / 60, minute: rule.start % 60),
                        intervalEnd: DateComponents(hour: rule.end / 60, minute: rule.end % 60), repeats: true,
                        warningTime: DateComponents(minute: 5)))
                fingerprints[name] = print
            } catch {
                log.error("start failed \(name, privacy: .public): \(error.localizedDescription)")
            }
        }
        let stale = center.activities.filter { $0.rawValue.hasPrefix("sched-") && !wanted.contains($0.rawValue) }
        if !stale.isEmpty { center.stopMonitoring(stale) }
        MiniStore.defaults.set(fingerprints, forKey: "fingerprints")
        log.info("refreshed \(rules.count) rules at \(now.timeIntervalSince1970)")
    }
}
