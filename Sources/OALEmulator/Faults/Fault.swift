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

    init?(kind: ProcessKind) {
        switch kind {
        case .app: self = .app
        case .monitor: self = .monitor
        case .shieldConfig: self = .shieldConfig
        case .shieldAction: self = .shieldAction
        case .device: self = .device
        case .supervisor: return nil
        }
    }
}

/// Which callbacks a callback fault matches: a callback name (or `interval`
/// for both interval edges, `*` for any) and an activity name, a prefix
/// ending in `*`, or `*`.
public struct CallbackMatch: Codable, Hashable, Sendable, CustomStringConvertible {
    public var callback: String
    public var activity: String

    public func matches(_ kind: CallbackKind, activity name: String) -> Bool {
        let kindMatches: Bool
        switch callback {
        case "*": kindMatches = true
        case "interval": kindMatches = kind == .intervalDidStart || kind == .intervalDidEnd
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
        case .killAt, .killAfter, .killNow: "kill"
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
        }
    }
}

/// Parses the words of a fault (everything after `fault`).
public enum FaultParser {
    public static let usage = """
        kill TARGET at POINT[#n] [launch N] | kill TARGET after-ms N | kill app-loop|device | \
        close app for DURATION | delay CALLBACK ACTIVITY by DURATION|until next-use [count N|all] | \
        drop CALLBACK ACTIVITY [count N|all] | refire CALLBACK ACTIVITY after DURATION [count N|all] | \
        batch thresholds [ACTIVITY] until next-callback|+DURATION | double-tap | concurrent-press [N] | \
        clock jump ±DURATION | clock timezone ZONE | store corrupt|truncate|newer-format STORE | \
        disk-full TARGET|all [bytes N] [for DURATION] | \
        preempt TARGET at POINT[#n] [launch N] [with step|callback|refresh|relaunch] | \
        memory-limit TARGET MB [private]
        """

    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var message: String
        public var description: String { message }
    }

    /// Parses one fault text, e.g. from `--fault`.
    public static func parse(text: String) throws(Failure) -> Fault {
        let words: [String]
        do {
            words = try LineTokenizer.words(Substring(text))
        } catch {
            throw Failure(message: "unterminated quote in fault '\(text)'")
        }
        return try parse(words)
    }

    public static func parse(_ words: [String]) throws(Failure) -> Fault {
        guard let verb = words.first else { throw fail("empty fault") }
        var rest = Array(words.dropFirst())
        switch verb {
        case "kill":
            guard let name = rest.first, let target = FaultTarget(rawValue: name) else {
                throw fail("kill: expected a target (\(FaultTarget.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            rest.removeFirst()
            if rest.isEmpty {
                guard target == .appLoop || target == .device else {
                    throw fail("kill \(name): say when (at POINT or after-ms N); only app-loop and device die now")
                }
                return .killNow(target)
            }
            if rest.count == 2, rest[0] == "after-ms", let ms = Int(rest[1]), ms >= 0 {
                return .killAfter(target, milliseconds: ms)
            }
            guard rest.count == 2 || rest.count == 4, rest[0] == "at", CrashPointName.valid(rest[1]) else {
                throw fail("usage: kill TARGET at POINT[#n] [launch N] | kill TARGET after-ms N")
            }
            var launch: Int?
            if rest.count == 4 {
                guard rest[2] == "launch", let n = Int(rest[3]), n >= 1 else { throw fail("usage: ... launch N") }
                launch = n
            }
            return .killAt(target, point: rest[1], launch: launch)
        case "close":
            guard rest.count == 3, rest[0] == "app", rest[1] == "for", let span = DurationText.parse(rest[2]) else {
                throw fail("usage: close app for DURATION")
            }
            return .closeApp(span)
        case "delay", "drop", "refire":
            let (body, count) = try splitCount(rest)
            guard body.count >= 2 else { throw fail("usage: \(verb) CALLBACK ACTIVITY ...") }
            let match = try callbackMatch(body[0], body[1])
            let tail = Array(body.dropFirst(2))
            switch verb {
            case "drop":
                guard tail.isEmpty else { throw fail("usage: drop CALLBACK ACTIVITY [count N|all]") }
                return .drop(match, count: count)
            case "refire":
                guard tail.count == 2, tail[0] == "after", let span = DurationText.parse(tail[1]) else {
                    throw fail("usage: refire CALLBACK ACTIVITY after DURATION [count N|all]")
                }
                return .refire(match, after: span, count: count)
            default:
                if tail.count == 2, tail[0] == "by", let span = DurationText.parse(tail[1]) {
                    return .delay(match, .after(span), count: count)
                }
                if tail == ["until", "next-use"] { return .delay(match, .nextUse, count: count) }
                throw fail("usage: delay CALLBACK ACTIVITY by DURATION|until next-use [count N|all]")
            }
        case "batch":
            guard rest.first == "thresholds" else { throw fail("usage: batch thresholds [ACTIVITY] until ...") }
            rest.removeFirst()
            var activity = "*"
            if let first = rest.first, first != "until" {
                activity = first
                rest.removeFirst()
            }
            guard rest.count == 2, rest[0] == "until" else {
                throw fail("usage: batch thresholds [ACTIVITY] until next-callback|+DURATION")
            }
            if rest[1] == "next-callback" { return .batchThresholds(activity: activity, .nextCallback) }
            if rest[1] == "next-use" { return .batchThresholds(activity: activity, .nextUse) }
            guard rest[1].hasPrefix("+"), let span = DurationText.parse(String(rest[1].dropFirst())) else {
                throw fail("batch thresholds: 'until' takes next-callback, next-use or +DURATION")
            }
            return .batchThresholds(activity: activity, .after(span))
        case "double-tap":
            guard rest.isEmpty else { throw fail("usage: double-tap") }
            return .doubleTap
        case "concurrent-press":
            guard rest.count <= 1 else { throw fail("usage: concurrent-press [N]") }
            let n = rest.first.flatMap { Int($0) } ?? 2
            guard (2...16).contains(n), rest.isEmpty || Int(rest[0]) != nil else {
                throw fail("concurrent-press: N is 2...16")
            }
            return .concurrentPress(n)
        case "clock":
            guard rest.count == 2 else { throw fail("usage: clock jump ±DURATION | clock timezone ZONE") }
            if rest[0] == "timezone" {
                guard TimeZone(identifier: rest[1]) != nil else { throw fail("unknown time zone '\(rest[1])'") }
                return .timeZone(rest[1])
            }
            guard rest[0] == "jump", let sign = rest[1].first, sign == "+" || sign == "-",
                let span = DurationText.parse(String(rest[1].dropFirst()))
            else { throw fail("usage: clock jump +DURATION|-DURATION") }
            return .clockJump(sign == "-" ? -span : span)
        case "store":
            guard rest.count == 2, let damage = StoreDamage(rawValue: rest[0]),
                let store = StoreTarget(rawValue: rest[1])
            else {
                throw fail(
                    "usage: store corrupt|truncate|newer-format \(StoreTarget.allCases.map(\.rawValue).joined(separator: "|"))"
                )
            }
            return .store(damage, store)
        case "disk-full":
            guard let name = rest.first else { throw fail("usage: disk-full TARGET|all [bytes N] [for DURATION]") }
            rest.removeFirst()
            var target: FaultTarget?
            if name != "all" {
                guard let parsed = FaultTarget(rawValue: name), parsed != .device, parsed != .appLoop else {
                    throw fail("disk-full: TARGET is app, monitor, shield-config, shield-action or all")
                }
                target = parsed
            }
            var bytes = 0
            var duration: TimeInterval?
            while rest.count >= 2 {
                if rest[0] == "bytes", let n = Int(rest[1]), n >= 0 {
                    bytes = n
                } else if rest[0] == "for", let span = DurationText.parse(rest[1]) {
                    duration = span
                } else {
                    break
                }
                rest.removeFirst(2)
            }
            guard rest.isEmpty else { throw fail("usage: disk-full TARGET|all [bytes N] [for DURATION]") }
            return .diskFull(target, bytes: bytes, duration: duration)
        case "preempt":
            let targets = [FaultTarget.app, .monitor, .shieldConfig, .shieldAction]
            guard let name = rest.first, let target = FaultTarget(rawValue: name), targets.contains(target) else {
                throw fail("preempt: TARGET is \(targets.map(\.rawValue).joined(separator: ", "))")
            }
            rest.removeFirst()
            var with = Interleaving.step
            if rest.count >= 2, rest[rest.count - 2] == "with" {
                guard let parsed = Interleaving(rawValue: rest[rest.count - 1]) else {
                    throw fail(
                        "preempt: 'with' takes \(Interleaving.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                with = parsed
                rest.removeLast(2)
            }
            guard rest.count == 2 || rest.count == 4, rest[0] == "at", CrashPointName.valid(rest[1]) else {
                throw fail("usage: preempt TARGET at POINT[#n] [launch N] [with step|callback|refresh|relaunch]")
            }
            var launch: Int?
            if rest.count == 4 {
                guard rest[2] == "launch", let n = Int(rest[3]), n >= 1 else { throw fail("usage: ... launch N") }
                launch = n
            }
            if with == .relaunch, target == .app {
                throw fail("preempt app: 'with relaunch' is for extensions (monitor, shield-config, shield-action)")
            }
            return .preempt(target, point: rest[1], launch: launch, with: with)
        case "memory-limit":
            let targets = MemoryLimit.targets
            var measure = MemoryMeasure.resident
            if rest.count == 3, rest[2] == MemoryMeasure.private.rawValue {
                measure = .private
                rest.removeLast()
            }
            guard rest.count == 2, let target = FaultTarget(rawValue: rest[0]), targets.contains(target) else {
                throw fail(
                    "usage: memory-limit TARGET MB [private] (TARGET \(targets.map(\.rawValue).joined(separator: ", ")))"
                )
            }
            guard let megabytes = Double(rest[1]), megabytes.isFinite, megabytes > 0, megabytes < 1_000_000 else {
                throw fail("memory-limit: MB is a number of MiB above 0, got '\(rest[1])'")
            }
            return .memoryLimit(target, megabytes: megabytes, measure: measure)
        default:
            throw fail(
                "unknown fault '\(verb)' (expected kill, close, delay, drop, refire, batch, double-tap, concurrent-press, clock, store, disk-full, preempt or memory-limit)"
            )
        }
    }

    private static func splitCount(_ words: [String]) throws(Failure) -> ([String], Int?) {
        guard words.count >= 2, words[words.count - 2] == "count" else { return (words, 1) }
        let value = words[words.count - 1]
        if value == "all" { return (Array(words.dropLast(2)), nil) }
        guard let n = Int(value), n >= 1 else { throw fail("count takes a number ≥ 1 or 'all'") }
        return (Array(words.dropLast(2)), n)
    }

    private static func callbackMatch(_ callback: String, _ activity: String) throws(Failure) -> CallbackMatch {
        guard callback == "*" || callback == "interval" || CallbackKind(rawValue: callback) != nil else {
            throw fail(
                "unknown callback '\(callback)' (\(CallbackKind.allCases.map(\.rawValue).joined(separator: ", ")), interval or *)"
            )
        }
        return CallbackMatch(callback: callback, activity: activity)
    }

    private static func fail(_ message: String) -> Failure { Failure(message: message) }
}

/// Crash-point names as `OAL_CRASH_AT` takes them.
enum CrashPointName {
    static func valid(_ text: String) -> Bool {
        guard let hash = text.lastIndex(of: "#") else { return !text.isEmpty && !text.contains(" ") }
        guard let n = Int(text[text.index(after: hash)...]), n >= 1 else { return false }
        return hash != text.startIndex
    }
}
