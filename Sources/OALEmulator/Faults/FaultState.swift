import Foundation
import Glibc
import OALPlatform
import OALStore
import OALSystem

/// Everything the faults remember, persisted in
/// `<root>/system/fault-state.json` so a restarted `oal-device` continues
/// with the same faults armed and the same callbacks held.
struct FaultState: Codable, Hashable, Sendable {
    struct ArmedKill: Codable, Hashable, Sendable {
        var target: FaultTarget
        var point: String?
        var afterMilliseconds: Int?
        var launch: Int?
        var text: String
        /// `NAME#N`: killed by strace on entry to its Nth call of NAME.
        var syscall: String? = nil
        /// The power goes with the process (`power-loss TARGET at POINT`).
        var powerLoss: Bool? = nil
    }
    struct CallbackRule: Codable, Hashable, Sendable {
        var fault: Fault
        /// nil: every matching callback.
        var remaining: Int?
    }
    struct DiskRule: Codable, Hashable, Sendable {
        var target: FaultTarget?
        var bytes: Int
        var until: Date?
        var text: String
    }

    var kills: [ArmedKill] = []
    /// Launches handed a kill, by launch number.
    var killsGiven: [String: ArmedKill] = [:]
    var closedUntil: Date?
    var callbackRules: [CallbackRule] = []
    var batches: [Fault] = []
    /// When a timed batch flushes, by the batch fault's text.
    var batchDue: [String: Date] = [:]
    var held: [HeldCallback] = []
    var pressDuplication: Fault?
    var disks: [DiskRule] = []
    /// Scenario lines and `--fault` entries already applied, so a restarted
    /// device does not apply them twice.
    var applied: Set<String> = []
    /// The time zone a fault moved the device to.
    var timeZone: String?
    /// Armed `preempt` faults (optional: older state files have none).
    var pauses: [ArmedPause]?
    /// Launches handed a pause, by launch number.
    var pausesGiven: [String: ArmedPause]?
    /// Armed `memory-limit` faults, one per target (optional: older state
    /// files have none).
    var memoryLimits: [MemoryLimit]?
    /// Armed `thresholds-at-once` faults waiting for the next device use
    /// (optional: older state files have none).
    var thresholdsAtNextUse: [Fault]?
    /// The armed `rate-limit`, with the day it is counting (optional: older
    /// state files have none).
    var rateLimit: RateLimit?
    /// When an `authorization revoke for DURATION` gives the access back
    /// (optional: older state files have none).
    var authorizationRestoreAt: Date?
    /// While set, the app cannot come to the foreground for an App Intent
    /// (`foreground-refused`): until this instant, or for the rest of the
    /// run when it is `.distantFuture` (optional: older state files have none).
    var foregroundRefusedUntil: Date?
    /// A store damage being written: saved before the file is touched, so
    /// a device killed half-way finishes it on restart and the oracle
    /// hears of it (optional: older state files have none).
    var damageInFlight: StoreDamageWrite?
    /// A `clock timezone` being applied: saved with the fault's key, so a
    /// device killed before the travel and its consequences were saved
    /// travels on restart (optional: older state files have none).
    var travelInFlight: String?

    /// One store damage: the file, its bytes before and after, and what
    /// the oracle is to be told.
    struct StoreDamageWrite: Codable, Hashable, Sendable {
        var path: String
        var before: Data
        var after: Data
        var text: String
        /// The fault's kind word (`store-truncate`, ...).
        var kind: String
        /// The usage journal's day, when the damage is to a journal.
        var day: String?
        var refusesWrites: Bool
    }

    /// `rate-limit N`: callbacks delivered on `day` so far; past `perDay`
    /// the rest of the day's are dropped.
    struct RateLimit: Codable, Hashable, Sendable {
        var perDay: Int
        var text: String
        /// The local day being counted (`yyyy-MM-dd`), nil before the first.
        var day: String?
        var delivered: Int
    }

    struct ArmedPause: Codable, Hashable, Sendable {
        var target: FaultTarget
        var point: String
        var launch: Int?
        var text: String
        /// What runs while it is stopped (nil in older state files: `step`).
        var with: Interleaving?
    }
}
