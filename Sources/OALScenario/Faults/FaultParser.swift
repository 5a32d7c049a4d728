import Foundation
import OALPlatform

/// Parses the words of a fault (everything after `fault`).
public enum FaultParser {
    public static let usage = """
        kill TARGET at POINT[#n] [launch N] | kill TARGET after-ms N | kill device at-line N | \
        kill TARGET at-syscall NAME#N [launch N] | kill app-loop|device | \
        close app for DURATION | delay CALLBACK ACTIVITY by DURATION|until next-use [count N|all] | \
        drop CALLBACK ACTIVITY [count N|all] | refire CALLBACK ACTIVITY after DURATION [count N|all] | \
        batch thresholds [ACTIVITY] until next-callback|+DURATION | double-tap | concurrent-press [N] | \
        clock jump ±DURATION | clock timezone ZONE | store corrupt|truncate|newer-format STORE | \
        disk-full TARGET|all [bytes N] [for DURATION] | \
        preempt TARGET at POINT[#n] [launch N] [with step|callback|refresh|relaunch] | \
        memory-limit TARGET MB [private] | thresholds-at-once ACTIVITY [now] | rate-limit N | \
        token-change APP | authorization revoke [for DURATION] | authorization restore
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

    /// `at POINT[#n] [launch N]` after a kill's or a power loss's target.
    private static func pointAndLaunch(
        _ rest: [String], target: FaultTarget, verb: String, usage: String
    ) throws(Failure) -> (String, Int?) {
        guard rest.count == 2 || rest.count == 4, rest[0] == "at", CrashPointName.valid(rest[1]) else {
            throw fail("usage: \(usage)")
        }
        if let problem = CrashPointCatalog.problem(point: rest[1], target: target, pause: false) {
            throw fail("\(verb) \(target.rawValue): \(problem)")
        }
        var launch: Int?
        if rest.count == 4 {
            guard rest[2] == "launch", let n = Int(rest[3]), n >= 1 else { throw fail("usage: ... launch N") }
            launch = n
        }
        return (rest[1], launch)
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
            if rest.first == "at-line" {
                guard target == .device else {
                    throw fail("kill \(name) at-line: only the device counts the trace's lines")
                }
                guard rest.count == 2, let line = Int(rest[1]), line >= 1 else {
                    throw fail("usage: kill device at-line N (N >= 1, a line of the run's trace)")
                }
                return .killAtLine(target, line: line)
            }
            if rest.first == "at-syscall" {
                return try killAtSyscall(target, Array(rest.dropFirst()))
            }
            let (point, launch) = try pointAndLaunch(
                rest, target: target, verb: "kill",
                usage: "kill TARGET at POINT[#n] [launch N] | kill TARGET after-ms N")
            return .killAt(target, point: point, launch: launch)
        case "power-loss":
            if rest.isEmpty { return .powerLoss }
            guard let name = rest.first, let target = FaultTarget(rawValue: name), target != .device else {
                throw fail(
                    "power-loss: give nothing (now) or a process to lose it in: TARGET at POINT[#n] [launch N] with "
                        + "TARGET one of \(FaultTarget.allCases.filter { $0 != .device }.map(\.rawValue).joined(separator: ", "))"
                        + " (the device is where the power goes, not a process in it)")
            }
            let (point, launch) = try pointAndLaunch(
                Array(rest.dropFirst()), target: target, verb: "power-loss",
                usage: "power-loss | power-loss TARGET at POINT[#n] [launch N]")
            return .powerLossAt(target, point: point, launch: launch)
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
            if let problem = CrashPointCatalog.problem(point: rest[1], target: target, pause: true) {
                throw fail("preempt \(name): \(problem)")
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
        case "thresholds-at-once":
            guard rest.count == 1 || (rest.count == 2 && rest[1] == "now") else {
                throw fail("usage: thresholds-at-once ACTIVITY [now] (got '\(rest.joined(separator: " "))')")
            }
            return .thresholdsAtOnce(activity: rest[0], now: rest.count == 2)
        case "rate-limit":
            guard rest.count == 1, let n = Int(rest[0]), n >= 1 else {
                throw fail(
                    "usage: rate-limit N, N the callbacks a day before the rest are dropped, ≥ 1 (got '\(rest.joined(separator: " "))')"
                )
            }
            return .rateLimit(perDay: n)
        case "token-change":
            guard rest.count == 1, !rest[0].isEmpty else {
                throw fail("usage: token-change APP (one app name, quoted when it has spaces)")
            }
            return .tokenChange(app: rest[0])
        case "authorization":
            let usage = "usage: authorization revoke [for DURATION] | authorization restore"
            guard let word = rest.first, let change = AuthorizationChange(rawValue: word) else { throw fail(usage) }
            if rest.count == 1 { return .authorization(change, for: nil) }
            guard change == .revoke, rest.count == 3, rest[1] == "for", let span = DurationText.parse(rest[2]),
                span > 0
            else { throw fail(usage + " (got '\(rest.joined(separator: " "))')") }
            return .authorization(change, for: span)
        case "foreground-refused":
            let usage = "usage: foreground-refused [for DURATION]"
            if rest.isEmpty { return .foregroundRefused(for: nil) }
            guard rest.count == 2, rest[0] == "for", let span = DurationText.parse(rest[1]), span > 0 else {
                throw fail(usage + " (got '\(rest.joined(separator: " "))')")
            }
            return .foregroundRefused(for: span)
        default:
            throw fail(
                "unknown fault '\(verb)' (expected kill, close, delay, drop, refire, batch, double-tap, concurrent-press, clock, store, disk-full, preempt, memory-limit, thresholds-at-once, rate-limit, token-change, authorization or foreground-refused)"
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
        guard
            callback == "*" || callback == "interval" || callback == "warning"
                || CallbackKind(rawValue: callback) != nil
        else {
            throw fail(
                "unknown callback '\(callback)' (\(CallbackKind.allCases.map(\.rawValue).joined(separator: ", ")), interval, warning or *)"
            )
        }
        return CallbackMatch(callback: callback, activity: activity)
    }

    private static func fail(_ message: String) -> Failure { Failure(message: message) }

    /// `kill TARGET at-syscall NAME#N [launch L]`: NAME one of the calls
    /// that change a file (`SyscallName`), N from 1.
    static func killAtSyscall(_ target: FaultTarget, _ words: [String]) throws(Failure) -> Fault {
        let usage = "usage: kill TARGET at-syscall NAME#N [launch L] (NAME: \(SyscallName.all.joined(separator: ", ")))"
        guard words.count == 1 || words.count == 3, let hash = words[0].lastIndex(of: "#"),
            let n = Int(words[0][words[0].index(after: hash)...]), n >= 1
        else { throw fail(usage) }
        let name = String(words[0][..<hash])
        guard SyscallName.all.contains(name) else {
            throw fail(
                "kill \(target.rawValue) at-syscall: '\(name)' is not a system call the sweep kills at; \(usage)")
        }
        guard target != .device else {
            throw fail(
                "kill device at-syscall: the device is killed at a system call by kill-sweep --syscalls, not from inside"
            )
        }
        var launch: Int?
        if words.count == 3 {
            guard words[1] == "launch", let l = Int(words[2]), l >= 1 else { throw fail(usage) }
            launch = l
        }
        return .killAtSyscall(target, syscall: name, invocation: n, launch: launch)
    }
}
