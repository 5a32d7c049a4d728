import Foundation

/// The app's only rule kind: block the list's apps from `start` to `end`
/// (minutes from midnight, `start < end`) on the listed weekdays.
struct MiniRule: Codable, Equatable {
    var id: UUID
    var name: String
    var enabled: Bool
    var start: Int
    var end: Int
    var weekdays: [Int]
    var selection: Data?

    func isActive(at now: Date, calendar: Calendar) -> Bool {
        guard enabled, weekdays.contains(calendar.component(.weekday, from: now)) else { return false }
        let parts = calendar.dateComponents([.hour, .minute], from: now)
        let minute = (parts.hour ?? 0) * 60 + (parts.minute ?? 0)
        return start <= minute && minute < end
    }

    static func windowName(_ id: UUID) -> String { "sched-" + id.uuidString }

    static func id(fromWindow name: String) -> UUID? {
        guard name.hasPrefix("sched-") else { return nil }
        return UUID(uuidString: String(name.dropFirst(6)))
    }
}
