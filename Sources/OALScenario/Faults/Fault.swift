import Foundation
import OALPlatform

/// A process the emulated OS can aim a fault at.
public enum FaultTarget: String, Codable, Hashable, Sendable, CaseIterable {
    /// A one-shot `oal-app ARGS` (a tap in the app).
    case app
    /// The app's foreground loop, `oal-app run`.
    case appLoop = "app-loop"
    case monitor
    case shieldConfig = "shield-config"
    case shieldAction = "shield-action"
    /// The emulated OS itself, `oal-device`.
    case device

    public init?(kind: ProcessKind) {
        switch kind {
        case .app: self = .app
        case .monitor: self = .monitor
        case .shieldConfig: self = .shieldConfig
        case .shieldAction: self = .shieldAction
        case .device: self = .device
        case .supervisor, .report: return nil
        }
    }
}

/// Which callbacks a callback fault matches: a callback name, `interval`
/// (every callback named `interval…`: both edges and their two warnings),
/// `warning` (the three warnings) or `*` (any), and an activity name, a
/// prefix ending in `*`, or `*`. `interval` takes the warnings because a
/// warning is the edge's own callback come early: a fault that holds or
/// drops an activity's interval callbacks holds them all
/// (docs/FAULTS.md, "Callback patterns").
public struct CallbackMatch: Codable, Hashable, Sendable, CustomStringConvertible {
    public var callback: String
    public var activity: String

    public init(callback: String, activity: String) {
        self.callback = callback
        self.activity = activity
    }

    public func matches(_ kind: CallbackKind, activity name: String) -> Bool {
        let kindMatches: Bool
        switch callback {
        case "*": kindMatches = true
        case "interval": kindMatches = kind.rawValue.hasPrefix("interval")
        case "warning": kindMatches = kind.isWarning
        default: kindMatches = kind.rawValue == callback
        }
        guard kindMatches else { return false }
        if activity == "*" { return true }
        if activity.hasSuffix("*") { return name.hasPrefix(String(activity.dropLast())) }
        return name == activity
    }

    public var description: String { "\(callback) \(activity)" }
}

/// When a held callback is finally delivered.
public enum Release: Codable, Hashable, Sendable {
    /// After a fixed delay of emulated time.
    case after(TimeInterval)
    /// At the next user action ("the first device use").
    case nextUse
    /// Right after the next callback of another kind (threshold batches: another
    /// activity wakes the monitor).
    case nextCallback
}

/// The App Group files a store fault can damage.
public enum StoreTarget: String, Codable, Hashable, Sendable, CaseIterable {
    case ruleSnapshots = "rule-snapshots"
    case openSessions = "open-sessions"
    case shieldStores = "shield-stores"
    case groupDefaults = "group-defaults"
    /// Today's usage journal, `usage/<day>.jsonl`.
    case usage
}

public enum StoreDamage: String, Codable, Hashable, Sendable, CaseIterable {
    case corrupt
    case truncate
    case newerFormat = "newer-format"
}

/// One injected fault. The same text is a scenario line (`fault TEXT`, in
/// the header or after `at TIME`), a `--fault "TEXT"` option of
/// `oal-device run` and `scripts/supervise`, and what a seeded draw prints.
/// See docs/FAULTS.md for what each models.
public enum Fault: Codable, Hashable, Sendable, CustomStringConvertible {
    /// `kill TARGET at POINT[#n] [launch N]`: the next launch of TARGET (or
    /// exactly launch N) runs with `OAL_CRASH_AT=POINT#n`; armed until a
    /// launch of TARGET dies by SIGKILL.
    case killAt(FaultTarget, point: String, launch: Int?)
    /// `kill TARGET after-ms N`: the next launch of TARGET is sent SIGKILL
    /// N ms (wall time) after it starts, if it is still running.
    case killAfter(FaultTarget, milliseconds: Int)
    /// `kill device at-line N`: the device SIGKILLs itself once the trace
    /// holds N lines, whoever wrote them: an instant none of its crash
    /// points names (an extension running, or exited and not yet recorded),
    /// yet one that does not move with the machine's speed.
    case killAtLine(FaultTarget, line: Int)
    /// `kill TARGET at-syscall NAME#N [launch L]`: the next launch of
    /// TARGET (or launch L) runs under strace, which SIGKILLs it on entry
    /// to its Nth call of system call NAME (`SyscallTrap`): killed before
    /// the call did anything, between two calls no crash point separates.
    case killAtSyscall(FaultTarget, syscall: String, invocation: Int, launch: Int?)
    /// `kill app-loop` / `kill device`: SIGKILL now.
    case killNow(FaultTarget)
    /// `close app for DURATION`: the loop is killed and the app is not
    /// opened again (opens and taps are suppressed) for that long.
    case closeApp(TimeInterval)
    /// `delay CALLBACK ACTIVITY by DURATION|until next-use [count N|all]`.
    case delay(CallbackMatch, Release, count: Int?)
    /// `drop CALLBACK ACTIVITY [count N|all]`: never delivered.
    case drop(CallbackMatch, count: Int?)
    /// `refire intervalDidStart ACTIVITY after DURATION [count N|all]`:
    /// delivered again within the same interval.
    case refire(CallbackMatch, after: TimeInterval, count: Int?)
    /// `batch thresholds [ACTIVITY] until next-callback|DURATION`: every
    /// threshold is held and the batch flushed together.
    case batchThresholds(activity: String, Release)
    /// `double-tap`: the next Open press launches the action extension twice
    /// in sequence.
    case doubleTap
    /// `concurrent-press [N]`: the next Open press launches N (default 2)
    /// action extensions at once.
    case concurrentPress(Int)
    /// `clock jump +DURATION|-DURATION`.
    case clockJump(TimeInterval)
    /// `clock timezone ZONE`.
    case timeZone(String)
    /// `store corrupt|truncate|newer-format STORE`.
    case store(StoreDamage, StoreTarget)
    /// `disk-full TARGET|all [bytes N] [for DURATION]`: launches run with
    /// RLIMIT_FSIZE = N (default 0) and SIGXFSZ ignored.
    case diskFull(FaultTarget?, bytes: Int, duration: TimeInterval?)
    /// `preempt TARGET at POINT[#n] [launch N]`: the next launch of TARGET
    /// (or exactly launch N) runs with `OAL_PAUSE_AT=POINT#n` and stops
    /// itself there; the device runs the next scenario step due at that
    /// instant while it is stopped, then resumes it (an interleaving);
    /// `with WHAT` runs another thing instead (`Interleaving`).
    case preempt(FaultTarget, point: String, launch: Int?, with: Interleaving = .step)
    /// `memory-limit TARGET MB [private]`: every later launch of TARGET is
    /// SIGKILLed while it runs once its peak resident memory (or, with
    /// `private`, its private memory) passes MB MiB (jetsam).
    case memoryLimit(FaultTarget, megabytes: Double, measure: MemoryMeasure = .resident)
    /// `thresholds-at-once ACTIVITY [now]`: at the next device use (or, with
    /// `now`, at once) every threshold of the matching activities' intervals
    /// in progress is delivered together, reached or not (FB21267341).
    case thresholdsAtOnce(activity: String, now: Bool)
    /// `rate-limit N`: from now on, after N callbacks on a local day the
    /// rest of that day's callbacks are dropped without a word (forums
    /// thread 733402).
    case rateLimit(perDay: Int)
    /// `token-change APP`: the app's ApplicationToken becomes another
    /// opaque value, so selections stored before no longer name it (forums
    /// threads 732845, 756440).
    case tokenChange(app: String)
    /// `authorization revoke [for DURATION]` / `authorization restore`: the
    /// app's Screen Time access switched off (given back DURATION later)
    /// or on, as the scenario's `authorization` step does it for the user.
    case authorization(AuthorizationChange, for: TimeInterval?)
    /// `foreground-refused [for DURATION]`: from now on (for DURATION) the
    /// app cannot come to the foreground for an App Intent: its
    /// `continueInForeground` throws (issue 37, "the app unable to come to
    /// the foreground").
    case foregroundRefused(for: TimeInterval?)
    /// `power-loss`: every process stops at once and the App Group and the
    /// app's container keep only what was synced (`DurableImage`, as
    /// LazyFS keeps it); then the device boots: apps and extensions start
    /// cold, DeviceActivity's registrations survive.
    case powerLoss
    /// `power-loss TARGET at POINT[#n] [launch N]`: as `kill TARGET at
    /// POINT`, and the power goes with the process at that instant.
    case powerLossAt(FaultTarget, point: String, launch: Int?)

    public var description: String {
        func count(_ value: Int?) -> String {
            switch value {
            case nil: " count all"
            case 1: ""
            case let value?: " count \(value)"
            }
        }
        switch self {
        case .killAt(let target, let point, let launch):
            return "kill \(target.rawValue) at \(point)" + (launch.map { " launch \($0)" } ?? "")
        case .killAfter(let target, let ms): return "kill \(target.rawValue) after-ms \(ms)"
        case .killAtLine(let target, let line): return "kill \(target.rawValue) at-line \(line)"
        case .killAtSyscall(let target, let name, let n, let launch):
            return "kill \(target.rawValue) at-syscall \(name)#\(n)" + (launch.map { " launch \($0)" } ?? "")
        case .killNow(let target): return "kill \(target.rawValue)"
        case .closeApp(let span): return "close app for \(DurationText.format(span))"
        case .delay(let match, let release, let n):
            return "delay \(match) \(Self.describe(release, by: true))" + count(n)
        case .drop(let match, let n): return "drop \(match)" + count(n)
        case .refire(let match, let after, let n):
            return "refire \(match) after \(DurationText.format(after))" + count(n)
        case .batchThresholds(let activity, let release):
            return "batch thresholds \(activity) \(Self.describe(release, by: false))"
        case .doubleTap: return "double-tap"
        case .concurrentPress(let n): return "concurrent-press \(n)"
        case .clockJump(let span):
            return "clock jump \(span < 0 ? "-" : "+")\(DurationText.format(abs(span)))"
        case .timeZone(let zone): return "clock timezone \(zone)"
        case .store(let damage, let store): return "store \(damage.rawValue) \(store.rawValue)"
        case .diskFull(let target, let bytes, let duration):
            return "disk-full \(target?.rawValue ?? "all")" + (bytes == 0 ? "" : " bytes \(bytes)")
                + (duration.map { " for \(DurationText.format($0))" } ?? "")
        case .preempt(let target, let point, let launch, let with):
            return "preempt \(target.rawValue) at \(point)" + (launch.map { " launch \($0)" } ?? "")
                + (with == .step ? "" : " with \(with.rawValue)")
        case .memoryLimit(let target, let megabytes, let measure):
            return "memory-limit \(target.rawValue) \(MemoryLimit.text(megabytes))"
                + (measure == .private ? " private" : "")
        case .thresholdsAtOnce(let activity, let now): return "thresholds-at-once \(activity)" + (now ? " now" : "")
        case .rateLimit(let n): return "rate-limit \(n)"
        case .tokenChange(let app):
            return "token-change " + (app.contains(where: \.isWhitespace) ? "\"\(app)\"" : app)
        case .authorization(let change, let span):
            return "authorization \(change.rawValue)" + (span.map { " for \(DurationText.format($0))" } ?? "")
        case .foregroundRefused(let span):
            return "foreground-refused" + (span.map { " for \(DurationText.format($0))" } ?? "")
        case .powerLoss: return "power-loss"
        case .powerLossAt(let target, let point, let launch):
            return "power-loss \(target.rawValue) at \(point)" + (launch.map { " launch \($0)" } ?? "")
        }
    }

    private static func describe(_ release: Release, by: Bool) -> String {
        switch release {
        case .after(let span): (by ? "by " : "until +") + DurationText.format(span)
        case .nextUse: "until next-use"
        case .nextCallback: "until next-callback"
        }
    }

    /// A short kind word for the trace's `fault` events.
    public var kind: String {
        switch self {
        case .killAt, .killAfter, .killAtLine, .killAtSyscall, .killNow: "kill"
        case .closeApp: "close-app"
        case .delay: "delay"
        case .drop: "drop"
        case .refire: "refire"
        case .batchThresholds: "batch-thresholds"
        case .doubleTap: "double-tap"
        case .concurrentPress: "concurrent-press"
        case .clockJump: "clock-jump"
        case .timeZone: "timezone"
        case .store(let damage, _): "store-\(damage.rawValue)"
        case .diskFull: "disk-full"
        case .preempt: "preempt"
        case .memoryLimit: "memory-limit"
        case .thresholdsAtOnce: "thresholds-at-once"
        case .rateLimit: "rate-limit"
        case .tokenChange: "token-change"
        case .authorization: "authorization"
        case .foregroundRefused: "foreground-refused"
        case .powerLoss, .powerLossAt: "power-loss"
        }
    }
}
