import Foundation
import OALStore

/// The registry file as format version 1 wrote it: every event its own
/// object with its selection (`events: {name: {selection, thresholdMinutes,
/// includesPastActivity?}}`). Read so that a root written by an older build
/// keeps its registrations; the next change rewrites it as version 2.
enum ActivityRegistryV1 {
    private struct Registration: Decodable {
        var name: String
        var schedule: DeviceActivitySchedule
        var events: [String: DeviceActivityEvent]
        var registeredAt: Date
        var generation: Int
    }

    private struct Registry: Decodable {
        var activities: [String: Registration]
        var pending: [PendingCallback]
        var lastGeneration: Int
    }

    private struct Envelope: Decodable {
        var document: Registry
    }

    /// `DocumentFile`'s migration: the version 1 file bytes as today's
    /// registry. Only version 1 exists below the current one.
    static func migrate(fromVersion version: Int, _ bytes: Data) throws -> ActivityRegistry {
        guard version == 1 else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: [], debugDescription: "no registry format version \(version)"))
        }
        let old = try StoreCoding.decoder().decode(Envelope.self, from: bytes).document
        return ActivityRegistry(
            activities: old.activities.mapValues {
                ActivityRegistration(
                    name: $0.name, schedule: $0.schedule, events: $0.events, registeredAt: $0.registeredAt,
                    generation: $0.generation)
            }, pending: old.pending, lastGeneration: old.lastGeneration)
    }
}
