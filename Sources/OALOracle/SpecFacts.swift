import Foundation
import OALDomain
import OALPlatform
import OALScenario

/// What the independent checks (`EnforcementChecks`) learn from the
/// device's side of the trace, beside `DeviceFacts`. Kept apart so an
/// `oracle-state.json` written before they existed still resumes.
struct SpecFacts: Codable, Equatable, Sendable {
    /// When each granted Open press happened, per rule (the device saw the
    /// press and its reply; the session length comes from the spec).
    var grants: [UUID: [Date]] = [:]
    /// Open presses whose outcome never came back (the launch was killed),
    /// per open-limit rule covering the pressed app: each may have granted
    /// its session before it died.
    var unsurePresses: [UUID: [Date]] = [:]
    /// Rules with an activity DeviceActivity refused (`monitor.refused`),
    /// until one of theirs is started again.
    var refused: Set<UUID> = []
    /// The newest `oal-app` launch (not the foreground loop) and whether it
    /// has exited: the mirror is judged only once every tap has settled.
    var lastAppLaunch = 0
    var lastAppLaunchExited = true
    /// When a fault last damaged the mirror on purpose: it is rebuilt by
    /// the app's next refresh, not before.
    var mirrorDamagedAt: Date?
    /// When a fault damaged the App Group defaults, which hold the
    /// Uninstall Protection setting, after the user's last successful
    /// settings tap: the setting is lost (quarantined) or unreadable (a
    /// newer format), until the user sets it again.
    var settingsDamagedAt: Date? = nil
    /// A fault damaged a day's usage journal on purpose: what it held is
    /// gone (a newer format cannot be read at all), and no threshold that
    /// carried it is delivered again.
    var usageDamaged: UsageDamage? = nil
    /// The clock set back (by a fault) to `time` after launch `launch`:
    /// DeviceActivity delivers no edge again while the clock lives the
    /// span again, so only a launch of a process can put the shields right.
    var clockSetBack: ClockSetBack?
    /// When each per-app (or per-domain) divergence began, for the
    /// deadlines of the named reasons.
    var since: [String: Date] = [:]
    /// Platform limits a kill leaves behind (docs/FAULTS.md, "What no
    /// design can beat"); optional so an older saved state still resumes.
    var kills: KillFacts? = nil
    /// The Uninstall Protection switch as the user's last successful tap
    /// left it (nil: never touched, off).
    var uninstallProtection: Bool? = nil
    /// Every time-zone change (travel), oldest first: a press or a minute
    /// belongs to the local day of the zone the device was in then.
    var travels: [Travel]? = nil
    /// The zone at the last observation (nil before the first).
    var zone: String? = nil
    /// Activities whose thresholds a fault fired unreached, with when
    /// (`thresholds-at-once`; nil in an older saved state).
    var unreachedThresholds: [String: Date]? = nil
    /// Apps whose token a fault changed, by bundle (`token-change`).
    var tokenChanges: [String: TokenChange]? = nil
    /// Seconds a rule's day had spent on apps a list edit then took out
    /// of it, by rule id and day (`CarriedUsage`; nil when none).
    var carried: [String: [String: TimeInterval]]? = nil
    /// Seconds of a travel's double count (`Oracle.travelShift`) a day had
    /// on apps a list edit then took out of it, by rule id and day
    /// (`CarriedUsage`; nil when none).
    var carriedTravel: [String: [String: TimeInterval]]? = nil
}

/// One time-zone change: at `time`, from zone `from` to zone `to`.

/// A travel that made a day overlap another (`Oracle.travel(into:)`).
struct TravelOverlap {
    var travel: Travel
    var oldDay: DayKey
    var reentered: Bool
    /// The old zone's day before `oldDay`, when the day moved into began
    /// before `oldDay` did: DeviceActivity counts its end too.
    var reachesBack: DayKey? = nil
    /// East with the date kept: `oldDay` is the day moved into, and only
    /// `reachesBack`'s use counts on it twice.
    var keptDate = false
    /// West into the day before `oldDay`: `oldDay`'s use before the travel
    /// counts on the day moved into too.
    var movedBack = false
}

struct Travel: Codable, Sendable, Hashable {
    var time: Date
    var from: String
    var to: String
    /// Seconds per bundle id the user had spent on the old zone's day at
    /// the travel (what a day lived again cannot count a second time).
    var filed: [String: Double]? = nil

    /// The zone in force at `instant`, given every change and the zone
    /// in force now.
    static func zone(at instant: Date, travels: [Travel], now zone: TimeZone) -> TimeZone {
        guard let next = travels.first(where: { $0.time > instant }) else { return zone }
        return TimeZone(identifier: next.from) ?? zone
    }
}

/// What the device's own `fault` and `deliver` lines say about kills.
struct KillFacts: Codable, Equatable, Sendable {
    /// A monitor or shield-action launch killed (launch, target, time), not
    /// yet followed by the end of a launch of the monitor, the shield action
    /// or the app's refresh: iOS redelivers nothing, only a next launch can
    /// complete what the killed one left.
    var extensionKilled: KilledLaunch?
    /// An `oal-app` launch killed: only the app reads its own database, so
    /// only its next refresh can enforce a change it saved.
    var appKilled: KilledLaunch?
    /// Threshold callbacks whose launch was killed, by activity: the day
    /// they carried usage for (never redelivered, like a dropped one).
    var thresholdsKilled: [String: String] = [:]
    /// Open presses killed after their open was spent (the ledger's opens
    /// went up across them), by rule: when each was pressed.
    var paidPresses: [UUID: [Date]] = [:]
    /// The latest monitor or shield-action launch started on a full disk
    /// (`disk-full`): none of its writes can land, as if it had been killed
    /// before each one. Cleared like `extensionKilled`, by the end of a
    /// later launch (one with a writable disk) or the app's refresh.
    var diskFull: KilledLaunch? = nil
    /// The most minutes a lost threshold of each activity in
    /// `thresholdsKilled` carried: only a later threshold carrying as much
    /// makes up for it. Simultaneous thresholds come in any order
    /// (`minutes-4` after `minutes-45`), and one of fewer minutes carries
    /// less than was lost (explore seed 168).
    var thresholdsKilledMinutes: [String: Int]? = nil
}

struct UsageDamage: Codable, Sendable, Hashable {
    /// The journal's day (`YYYY-MM-DD`).
    var day: String
    var time: Date
    /// The fault, as written (`store truncate usage`).
    var fault: String
    /// What the journal held before the fault and its damaged bytes no
    /// longer do, by rule id: minutes and opens. The most the design can
    /// have lost through no fault of its own.
    var lostMinutes: [String: Int] = [:]
    var lostOpens: [String: Int] = [:]
    /// A newer format: the design never overwrites it, so nothing more can
    /// be recorded that day either, and the whole day's usage is lost.
    var refusesWrites = false
}

/// A clock set back from `from` to `time`: every edge of that span was
/// delivered once already and is not again (docs/FAULTS.md, `clock jump`),
/// so a divergence that begins while the clock lives it again may be an
/// edge missed after the last launch that put the shields right.
struct ClockSetBack: Codable, Sendable, Hashable {
    var time: Date
    var launch: Int
    /// The instant the clock was set back from (nil in a state saved
    /// before it was kept: the jump's instant alone).
    var from: Date? = nil
    /// The end of the last launch after the jump that reconciles every
    /// rule (a monitor or shield-action launch, the app's refresh).
    var settled: Date? = nil

    /// Whether a divergence that began at `since` may be an edge the span
    /// lived again did not deliver: it began after the jump and after the
    /// last launch that reconciled, and that launch ran before the span
    /// was over (an edge after it, inside the span, may be missed).
    func excuses(since: Date) -> Bool {
        guard since >= time else { return false }
        guard let settled else { return true }
        return since > settled && settled < (from ?? time)
    }
}

struct KilledLaunch: Codable, Sendable, Hashable {
    var target: String
    var launch: Int
    var time: Date
    /// Why, when the fault says (`jetsam`: a `memory-limit` kill).
    var reason: String? = nil
}

extension Oracle {
    /// Folds the lines the independent checks need into `spec`.
    func learnSpecFacts(_ events: [TraceEvent]) {
        for event in events {
            learnKills(event)
            switch (event.process, event.event) {
            case (.device, "user.press")
            where event.fields["button"] == "open" && !["0", "2"].contains(event.fields["status"] ?? ""):
                guard let name = event.fields["app"], let app = lastCatalog?.app(named: name) else { continue }
                let horizon = now.addingTimeInterval(-2 * 86_400)
                for entry in userRules.entries where entry.rule.configuration.openLimit != nil {
                    guard SpecModel.covers(mode: entry.mode, selection: entry.selection, app: app) else { continue }
                    spec.unsurePresses[entry.rule.id] =
                        (spec.unsurePresses[entry.rule.id] ?? []).filter {
                            $0 > horizon
                        } + [now]
                }
            case (.device, "user.press") where event.fields["button"] == "open" && event.fields["status"] == "0":
                let words = (event.fields["result"] ?? "").split(separator: " ")
                guard words.first == "granted", words.count >= 2 else { continue }
                for id in words[1].split(separator: ",") {
                    guard let rule = UUID(uuidString: String(id)) else { continue }
                    let horizon = now.addingTimeInterval(-2 * 86_400)
                    spec.grants[rule] = (spec.grants[rule] ?? []).filter { $0 > horizon } + [now]
                }
            case (_, "monitor.refused"):
                // A refused open session is no excuse: the press can refuse
                // to lift a shield it cannot schedule back.
                switch event.fields["activity"].flatMap(OALDomain.ActivityName.init(rawValue:)) {
                case .openSession, nil: continue
                case let activity?: spec.refused.insert(activity.ruleID)
                }
            case (_, "monitor.start"), (_, "monitor.restart"):
                if let rule = event.fields["activity"].flatMap(OALDomain.ActivityName.init(rawValue:))?.ruleID {
                    spec.refused.remove(rule)
                }
            case (.app, "launch"):
                var words = (event.fields["argv"] ?? "").split(separator: " ")
                if words.first == "--root" { words = Array(words.dropFirst(2)) }
                guard let launch = event.launch, words.first != "run" else { continue }
                spec.lastAppLaunch = launch
                spec.lastAppLaunchExited = false
            case (.app, "exit"):
                if event.launch == spec.lastAppLaunch { spec.lastAppLaunchExited = true }
            default:
                continue
            }
        }
    }

    /// A kill and what ends its excuse (`namedReason`).
    private func learnKills(_ event: TraceEvent) {
        var kills = spec.kills ?? KillFacts()
        defer { spec.kills = kills }
        switch (event.process, event.event) {
        case (.device, "fault") where event.fields["action"] == "killed":
            let killed = KilledLaunch(
                target: event.fields["target"] ?? "?", launch: Int(event.fields["launch"] ?? "") ?? 0, time: now,
                reason: event.fields["reason"])
            switch killed.target {
            case "monitor", "shield-action": kills.extensionKilled = killed
            case "app", "app-loop": kills.appKilled = killed
            default: break
            }
        case (.device, "fault") where event.fields["action"] == "applied" && event.fields["kind"] == "disk-full":
            guard let target = event.fields["target"], ["monitor", "shield-action"].contains(target) else { return }
            // A run of launches on a full disk is one outage: it began with
            // the first of them, and only a launch after the last ends it.
            kills.diskFull = KilledLaunch(
                target: target, launch: Int(event.fields["launch"] ?? "") ?? 0, time: kills.diskFull?.time ?? now)
        case (.device, "deliver") where event.fields["kind"] == CallbackKind.eventDidReachThreshold.rawValue:
            guard let activity = event.fields["activity"] else { return }
            let onFullDisk = kills.diskFull.map { String($0.launch) == event.fields["launch"] } ?? false
            let minutes = event.fields["event"].flatMap(EventName.init(rawValue:))?.minutes
            var lost = kills.thresholdsKilledMinutes ?? [:]
            defer { kills.thresholdsKilledMinutes = lost.isEmpty ? nil : lost }
            if event.fields["status"]?.hasPrefix("signal") == true || (onFullDisk && event.fields["status"] != "0") {
                kills.thresholdsKilled[activity] = days.day(now).description
                lost[activity] = max(lost[activity] ?? 0, minutes ?? 0)
            } else if event.fields["status"] == "0", (minutes ?? .max) >= (lost[activity] ?? 0) {
                kills.thresholdsKilled[activity] = nil
                lost[activity] = nil
            }
        case (.monitor, "exit"), (.shieldAction, "exit"):
            if let killed = kills.extensionKilled, (event.launch ?? 0) > killed.launch { kills.extensionKilled = nil }
            if let full = kills.diskFull, (event.launch ?? 0) > full.launch { kills.diskFull = nil }
            if let back = spec.clockSetBack, (event.launch ?? 0) > back.launch { spec.clockSetBack?.settled = now }
        case (.app, "refresh"):
            if let back = spec.clockSetBack, (event.launch ?? 0) > back.launch { spec.clockSetBack?.settled = now }
            kills.extensionKilled = nil
            kills.appKilled = nil
            kills.diskFull = nil
        default:
            return
        }
    }
}
