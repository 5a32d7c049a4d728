import Foundation
import OALPlatform
import OALProcesses
import OALScenario

/// swift-app-intervention's promises (its README and DESIGN.md), judged on
/// data: the package's open log as its host reads it (`InterventionLog`)
/// and what the device saw (`Run`, `Pause`), derived from the trace. Pure:
/// handed values, it returns what broke (docs/ORACLE.md, "The
/// intervention package's contract").
public enum InterventionContract {
    /// One automation run of the host's intent, triggered by an app's opening.
    public struct Run: Hashable, Sendable {
        public var time: Date
        /// The guarded app's id: the intent's first parameter's value.
        public var app: String
        public var automation: String
        /// The app came to the foreground (the pause's run).
        public var foreground: Bool
        /// The intent's process exit status (`0`, `2`, `killed`, ...).
        public var status: String
        /// The open that triggered it was a reopen by URL.
        public var viaURL: Bool
        /// Its process ran with the app's disk full (`disk-full app`): the
        /// package fails open and cannot log, so its log is not asked for.
        public var storageFull: Bool

        public init(
            time: Date, app: String, automation: String, foreground: Bool, status: String, viaURL: Bool,
            storageFull: Bool = false
        ) {
            self.time = time
            self.app = app
            self.automation = automation
            self.foreground = foreground
            self.status = status
            self.viaURL = viaURL
            self.storageFull = storageFull
        }
    }

    /// A pause the host's screen showed (`screen.pause`).
    public struct Pause: Hashable, Sendable {
        public var time: Date
        public var context: String

        public init(time: Date, context: String) {
            self.time = time
            self.context = context
        }
    }

    public struct Finding: Hashable, Sendable {
        public var check: OracleCheck
        /// The episode: a context, or an app and an instant.
        public var key: String
        public var expected: String
        public var actual: String
    }

    /// The runs and pauses in `trace`, in order.
    public static func facts(_ trace: [TraceEvent]) -> (runs: [Run], pauses: [Pause], hostDeaths: [Date]) {
        var runs: [Run] = []
        var pauses: [Pause] = []
        var hostDeaths: [Date] = []
        var lastOpenViaURL: [String: Bool] = [:]
        var fullLaunches: Set<String> = []
        for event in trace {
            guard let time = TraceEvent.date(fromTimestamp: event.time) else { continue }
            switch event.event {
            case "user.open":
                if let app = event.fields["app"] { lastOpenViaURL[app] = event.fields["via"] == "url" }
            case "automation.run":
                guard let trigger = event.fields["trigger"], trigger.hasPrefix("app-opened ") else { continue }
                let opened = String(trigger.dropFirst("app-opened ".count))
                let parameters = (event.fields["parameters"] ?? "").split(separator: " ")
                let app = parameters.first.flatMap { $0.split(separator: "=", maxSplits: 1).last }.map(String.init)
                runs.append(
                    Run(
                        time: time, app: app ?? opened.lowercased(), automation: event.fields["automation"] ?? "",
                        foreground: event.fields["foreground"] == "yes", status: event.fields["status"] ?? "",
                        viaURL: lastOpenViaURL[opened] ?? false,
                        storageFull: fullLaunches.contains(event.fields["launch"] ?? "")))
            case "screen.pause":
                if let context = event.fields["context"] { pauses.append(Pause(time: time, context: context)) }
            case "app.closed", "loop.timeout":
                hostDeaths.append(time)
            case "fault" where event.fields["action"] == "killed" && event.fields["target"] == "app-loop":
                hostDeaths.append(time)
            case "fault" where event.fields["action"] == "applied" && event.fields["kind"] == "disk-full":
                if let launch = event.fields["launch"] { fullLaunches.insert(launch) }
            default:
                continue
            }
        }
        return (runs, pauses, hostDeaths)
    }

    /// Every broken promise, in check order.
    /// `hostDeaths`: instants the host app's process died in the
    /// foreground (killed, or gone without answering): a pause it had no
    /// time to show is not the package's failure.
    public static func judge(_ log: InterventionLog, runs: [Run], pauses: [Pause], hostDeaths: [Date] = []) -> [Finding]
    {
        let events = log.events.compactMap { event in date(event.date).map { (event, $0) } }
        var findings: [Finding] = []
        findings += exactlyOnce(events)
        findings += neverStale(events, pauses: pauses, maxAge: log.maxAgeSeconds)
        findings += failOpen(events, runs: runs, pauses: pauses, hostDeaths: hostDeaths)
        findings += countedOnce(events, runs: runs)
        findings += returnWindow(events, runs: runs, window: log.returnWindowSeconds)
        return findings
    }

    typealias Dated = (event: InterventionLog.Event, date: Date)

    static func isResolution(_ event: InterventionLog.Event) -> Bool {
        event.kind == "proceeded" || event.kind == "abandoned"
    }

    /// `exactly-once-resolve`: one resolution per intervention, concurrent taps included.
    static func exactlyOnce(_ events: [Dated]) -> [Finding] {
        let resolutions = Dictionary(grouping: events.filter { isResolution($0.event) && $0.event.context != nil }) {
            $0.event.context ?? ""
        }
        return resolutions.keys.sorted().compactMap { context in
            let all = resolutions[context] ?? []
            guard all.count > 1 else { return nil }
            return Finding(
                check: .exactlyOnceResolve, key: "context:\(context)",
                expected: "intervention \(short(context)) resolved at most once",
                actual: "resolved \(all.count) times: "
                    + all.map { "\($0.event.kind) at \(stamp($0.date))" }
                    .joined(separator: ", "))
        }
    }

    /// `never-stale`: no pause shown or resolved past its age limit, and
    /// none shown that the package did not record as shown (one withdrawn
    /// because it could not come forward).
    static func neverStale(_ events: [Dated], pauses: [Pause], maxAge: Double) -> [Finding] {
        var intervened: [String: Date] = [:]
        for (event, date) in events where event.kind == "intervened" {
            if let context = event.context { intervened[context] = date }
        }
        var findings: [Finding] = []
        for (event, date) in events where isResolution(event) {
            guard let context = event.context else { continue }
            guard let shown = intervened[context] else {
                findings.append(
                    Finding(
                        check: .neverStale, key: "context:\(context)",
                        expected: "a resolved intervention was one the package showed",
                        actual: "\(event.kind) \(short(context)) at \(stamp(date)) with no `intervened` for it"))
                continue
            }
            if date.timeIntervalSince(shown) > maxAge {
                findings.append(
                    Finding(
                        check: .neverStale, key: "context:\(context)",
                        expected: "no pause resolved more than \(Int(maxAge)) s after it was requested",
                        actual:
                            "\(event.kind) \(short(context)) at \(stamp(date)), \(Int(date.timeIntervalSince(shown))) s after"
                    ))
            }
        }
        for pause in pauses {
            guard let shown = intervened[pause.context] else {
                findings.append(
                    Finding(
                        check: .neverStale, key: "context:\(pause.context)",
                        expected: "a pause on the screen is one the package recorded as shown",
                        actual:
                            "pause \(short(pause.context)) on the screen at \(stamp(pause.time)) with no `intervened` for it (withdrawn or never confirmed)"
                    ))
                continue
            }
            if pause.time.timeIntervalSince(shown) > maxAge {
                findings.append(
                    Finding(
                        check: .neverStale, key: "context:\(pause.context)",
                        expected: "no pause shown more than \(Int(maxAge)) s after it was requested",
                        actual: "pause \(short(pause.context)) shown at \(stamp(pause.time)), "
                            + "\(Int(pause.time.timeIntervalSince(shown))) s after"))
            }
        }
        return findings
    }

    /// The log's events of `app` at `time` (a run and what it logged share
    /// the emulated instant: the clock does not move while a process runs).
    static func at(_ events: [Dated], app: String, time: Date) -> [InterventionLog.Event] {
        events.filter { $0.event.app == app && abs($0.date.timeIntervalSince(time)) < 0.001 }.map(\.event)
    }

    /// Runs grouped by their app and instant, in order.
    static func buckets(_ runs: [Run]) -> [(app: String, time: Date, runs: [Run])] {
        var order: [String] = []
        var groups: [String: [Run]] = [:]
        for run in runs {
            let key = "\(run.app)|\(run.time.timeIntervalSince1970)"
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(run)
        }
        return order.compactMap { key in
            guard let runs = groups[key], let first = runs.first else { return nil }
            return (first.app, first.time, runs)
        }
    }

    /// `fail-open`: an open is never held back. A run that stayed in the
    /// background passed through; a run that brought the host forward
    /// recorded the pause, and the pause is on the screen (otherwise the
    /// person was taken to the host app with nothing to do there).
    static func failOpen(_ events: [Dated], runs: [Run], pauses: [Pause], hostDeaths: [Date]) -> [Finding] {
        var findings: [Finding] = []
        for bucket in buckets(runs) {
            let logged = at(events, app: bucket.app, time: bucket.time)
            let key = "open:\(bucket.app)@\(stamp(bucket.time))"
            // A run the OS killed is not held to anything: it never
            // finished, and what it left is judged by the next run that
            // reads it (a pause it posted is never-stale's). One that threw
            // failed the automation, which the package promises never to do.
            for run in bucket.runs where run.status == "2" {
                findings.append(
                    Finding(
                        check: .failOpen, key: key, expected: "the intent never fails an open of \(bucket.app)",
                        actual: "automation \(run.automation)'s intent threw (exit 2)"))
            }
            guard bucket.runs.allSatisfy({ $0.status == "0" }) else { continue }
            let storageFull = bucket.runs.contains(where: \.storageFull)
            let background = bucket.runs.filter { !$0.foreground && $0.status == "0" }.count
            let foreground = bucket.runs.filter { $0.foreground && $0.status == "0" }.count
            let passed = logged.filter { $0.kind == "passedThrough" }.count
            let intervened = logged.filter { $0.kind == "intervened" }
            if passed < background, !storageFull {
                findings.append(
                    Finding(
                        check: .failOpen, key: key,
                        expected: "each run that stayed in the background passed \(bucket.app) through",
                        actual: "\(background) background run(s), \(passed) pass-through(s) logged"
                            + (intervened.isEmpty ? "" : ", \(intervened.count) intervened")))
            }
            if intervened.count > foreground {
                findings.append(
                    Finding(
                        check: .failOpen, key: key,
                        expected: "a pause is recorded only when the host came forward to show it",
                        actual: "\(intervened.count) intervened, \(foreground) run(s) came forward"))
            }
            for event in intervened {
                guard let context = event.context else { continue }
                let hostDied = hostDeaths.contains { abs($0.timeIntervalSince(bucket.time)) < 0.001 }
                if !hostDied, !pauses.contains(where: { $0.context == context && $0.time >= bucket.time }) {
                    findings.append(
                        Finding(
                            check: .failOpen, key: key,
                            expected: "the host that came forward shows the pause \(short(context))",
                            actual: "no pause on the host's screen after \(bucket.app) was opened"))
                }
            }
            if foreground > intervened.count {
                findings.append(
                    Finding(
                        check: .failOpen, key: key,
                        expected: "a run that brought the host forward recorded the pause it shows",
                        actual: "\(foreground) run(s) came forward, \(intervened.count) intervened"))
            }
        }
        return findings
    }

    /// `open-counted-once`: each run counts its open once (`opened`), but
    /// the host's own reopen through a pass (`passedThrough(return)`),
    /// which only a reopen by URL is.
    static func countedOnce(_ events: [Dated], runs: [Run]) -> [Finding] {
        var findings: [Finding] = []
        for bucket in buckets(runs) where bucket.runs.allSatisfy({ $0.status == "0" && !$0.storageFull }) {
            let logged = at(events, app: bucket.app, time: bucket.time)
            let opened = logged.filter { $0.kind == "opened" }.count
            let returned = logged.filter { $0.kind == "passedThrough" && $0.note == "return" }.count
            let reopens = bucket.runs.filter(\.viaURL).count
            let key = "open:\(bucket.app)@\(stamp(bucket.time))"
            if opened + returned != bucket.runs.count || returned > reopens {
                findings.append(
                    Finding(
                        check: .openCountedOnce, key: key,
                        expected: "\(bucket.runs.count) open(s) of \(bucket.app), each counted once unless a "
                            + "reopen through a pass (\(reopens) by URL)",
                        actual: "\(opened) counted (`opened`), \(returned) returns through a pass"))
            }
        }
        return findings
    }

    /// `return-window`: the reopen by URL right after a proceed passes
    /// through as the host's own return, within the window and only then.
    static func returnWindow(_ events: [Dated], runs: [Run], window: Double) -> [Finding] {
        var findings: [Finding] = []
        let proceeds = events.filter { $0.event.kind == "proceeded" }
        for (event, date) in proceeds {
            guard
                let reopen = runs.first(where: {
                    $0.app == event.app && $0.viaURL && $0.time >= date && $0.time.timeIntervalSince(date) <= window
                })
            else { continue }
            // A reopen whose run the OS killed never got to decide.
            guard reopen.status == "0", !reopen.storageFull else { continue }
            let logged = at(events, app: reopen.app, time: reopen.time)
            if !logged.contains(where: { $0.kind == "passedThrough" && $0.note == "return" }) {
                findings.append(
                    Finding(
                        check: .returnWindow, key: "open:\(reopen.app)@\(stamp(reopen.time))",
                        expected: "the reopen of \(reopen.app) \(Int(reopen.time.timeIntervalSince(date))) s after "
                            + "proceeding passes through as the return (window \(Int(window)) s)",
                        actual: logged.map { $0.kind + ($0.note.map { "(\($0))" } ?? "") }.joined(separator: ", ")))
            }
        }
        for (event, date) in events where event.kind == "passedThrough" && event.note == "return" {
            let honoured = proceeds.contains {
                $0.event.app == event.app && date >= $0.date && date.timeIntervalSince($0.date) <= window
            }
            if !honoured {
                findings.append(
                    Finding(
                        check: .returnWindow, key: "open:\(event.app)@\(stamp(date))",
                        expected: "a return through a pass within \(Int(window)) s of a proceed",
                        actual:
                            "\(event.app) passed through as a return at \(stamp(date)) with no proceed in the window"
                    ))
            }
        }
        return findings
    }

    static func date(_ text: String) -> Date? {
        // The trace's own form first (no formatter per event); any other
        // ISO 8601 form the package writes through Foundation's.
        if let date = TraceEvent.date(fromTimestamp: text) { return date }
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter.date(from: text) ?? ISO8601DateFormatter().date(from: text)
    }

    static func stamp(_ date: Date) -> String { TraceEvent.timestamp(date) }
    static func short(_ context: String) -> String { String(context.prefix(8)) }
}
