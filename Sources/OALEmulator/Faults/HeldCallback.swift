import Foundation
import Glibc
import OALPlatform
import OALStore
import OALSystem

/// A callback the device holds back instead of delivering now.
struct HeldCallback: Codable, Hashable, Sendable {
    var kind: CallbackKind
    var activity: String
    var event: String?
    var heldAt: Date
    /// Set when the release is a time.
    var dueAt: Date?
    var release: Release
    /// What held it: `delay`, `batch-thresholds`, `refire`.
    var reason: String
    /// The batch fault's text, for a batched threshold.
    var batchText: String?
}
