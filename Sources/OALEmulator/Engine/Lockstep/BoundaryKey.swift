import Foundation
import OALPlatform

/// Names one interval edge of one generation of one activity, so a
/// delivered edge is never delivered again, across restarts included.
enum BoundaryKey {
    static func make(_ edge: CallbackKind, activity: String, generation: Int, intervalStart: Date) -> String {
        "\(edge.rawValue)|\(activity)|\(generation)|\(Int(intervalStart.timeIntervalSince1970))"
    }

    /// The interval start recorded in a key, for pruning old keys.
    static func intervalStart(of key: String) -> Date? {
        guard let last = key.split(separator: "|").last, let seconds = Double(last) else { return nil }
        return Date(timeIntervalSince1970: seconds)
    }
}
