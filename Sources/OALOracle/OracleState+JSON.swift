import Foundation
import OALDomain
import OALScenario
import OALStore

/// `oracle-state.json` is saved after every event the device handles, and
/// `JSONEncoder` encoding it was about 8% of the device's CPU over a 7-day
/// run: written by hand (`PrettyJSONWriter`) it costs a fraction of that,
/// with the same bytes. `OracleStateJSONTests` compares the two on a state
/// with every field set, and fails when a field is added to one of these
/// types but not to its writer (`writtenFields`).
///
/// The encoder's rules kept here besides `PrettyJSONWriter`'s: a dictionary
/// whose keys are neither `String` nor `Int` (`UUID`, `DayKey`) is an array
/// of alternating key and value in the dictionary's iteration order; `Int`
/// keys are an object with the numbers as keys; a `Set` is an array in its
/// iteration order; a nil optional is omitted.
extension OracleState: PrettyJSONWritable {
    func writeJSON(to writer: inout PrettyJSONWriter) {
        writer.beginObject()
        writer.key("divergenceSince")
        writer.dates(divergenceSince)
        writer.key("excerpt")
        writer.strings(excerpt)
        writer.key("facts")
        facts.writeJSON(to: &writer)
        writer.key("injectedStoreFaults")
        writer.beginObject()
        for (name, fault) in PrettyJSONWriter.sorted(injectedStoreFaults) {
            writer.key(name)
            writer.string(fault)
        }
        writer.endObject()
        writer.key("killedPresses")
        writer.beginArray()
        for press in killedPresses {
            writer.element()
            press.writeJSON(to: &writer)
        }
        writer.endArray()
        if let labelsAsked {
            writer.key("labelsAsked")
            writer.beginObject()
            writer.key("launch")
            writer.int(labelsAsked.launch)
            writer.key("time")
            writer.date(labelsAsked.time)
            if let zone = labelsAsked.zone {
                writer.key("zone")
                writer.string(zone)
            }
            writer.endObject()
        }
        writer.key("openEpisodes")
        writer.strings(openEpisodes)
        if let pathsLastCheck {
            writer.key("pathsLastCheck")
            writer.date(pathsLastCheck)
        }
        writer.key("report")
        report.writeJSON(to: &writer)
        if let scenario {
            writer.key("scenario")
            writer.string(scenario)
        }
        writer.key("seenEpisodes")
        writer.strings(seenEpisodes)
        if let spec {
            writer.key("spec")
            spec.writeJSON(to: &writer)
        }
        writer.key("traceOffset")
        // A trace offset beyond `Int.max` (8 EiB) cannot happen.
        writer.int(Int(traceOffset))
        writer.key("truth")
        truth.writeJSON(to: &writer)
        writer.key("withheld")
        writer.beginObject()
        for (activity, callback) in PrettyJSONWriter.sorted(withheld) {
            writer.key(activity)
            callback.writeJSON(to: &writer)
        }
        writer.endObject()
        writer.endObject()
    }

    /// The number of stored properties `writeJSON` writes: a test checks it
    /// against the type's, so a new field cannot be silently left out.
    static let writtenFields = 15
}

extension KilledPress {
    func writeJSON(to writer: inout PrettyJSONWriter) {
        writer.beginObject()
        writer.key("app")
        writer.string(app)
        writer.key("launch")
        writer.string(launch)
        writer.key("opensAfter")
        writer.int(opensAfter)
        writer.key("opensBefore")
        writer.int(opensBefore)
        writer.key("ruleID")
        writer.string(CanonicalUUID.string(ruleID))
        writer.key("status")
        writer.string(status)
        writer.key("step")
        writer.string(step)
        writer.key("time")
        writer.date(time)
        writer.endObject()
    }

    static let writtenFields = 8
}

extension OracleReport {
    func writeJSON(to writer: inout PrettyJSONWriter) {
        writer.beginObject()
        writer.key("checksRun")
        writer.int(checksRun)
        if let contractJudged {
            writer.key("contractJudged")
            writer.string(contractJudged)
        }
        writer.key("expectedDivergences")
        writer.beginArray()
        for divergence in expectedDivergences {
            writer.element()
            divergence.writeJSON(to: &writer)
        }
        writer.endArray()
        if let guestGaps {
            writer.key("guestGaps")
            writer.strings(guestGaps)
        }
        if let guestProbeFailures {
            writer.key("guestProbeFailures")
            writer.int(guestProbeFailures)
        }
        if let knownFindings {
            writer.key("knownFindings")
            writer.strings(knownFindings)
        }
        if let lastGuestProbeFailure {
            writer.key("lastGuestProbeFailure")
            writer.string(lastGuestProbeFailure)
        }
        writer.key("observations")
        writer.int(observations)
        writer.key("quarantined")
        writer.strings(quarantined)
        writer.key("violations")
        writer.beginArray()
        for violation in violations {
            writer.element()
            violation.writeJSON(to: &writer)
        }
        writer.endArray()
        writer.endObject()
    }

    static let writtenFields = 10
}

extension Violation {
    func writeJSON(to writer: inout PrettyJSONWriter) {
        writer.beginObject()
        writer.key("actual")
        writer.string(actual)
        writer.key("after")
        writer.string(after)
        writer.key("check")
        writer.string(check.rawValue)
        writer.key("expected")
        writer.string(expected)
        writer.key("localTime")
        writer.string(localTime)
        writer.key("reproduce")
        writer.string(reproduce)
        if let ruleID {
            writer.key("ruleID")
            writer.string(ruleID)
        }
        if let ruleName {
            writer.key("ruleName")
            writer.string(ruleName)
        }
        if let subject {
            writer.key("subject")
            writer.string(subject)
        }
        writer.key("time")
        writer.string(time)
        if let timeZone {
            writer.key("timeZone")
            writer.string(timeZone)
        }
        writer.key("traceExcerpt")
        writer.strings(traceExcerpt)
        if let until {
            writer.key("until")
            writer.string(until)
        }
        writer.endObject()
    }

    static let writtenFields = 13
}

extension ExpectedDivergence {
    func writeJSON(to writer: inout PrettyJSONWriter) {
        writer.beginObject()
        writer.key("actual")
        writer.string(actual)
        writer.key("check")
        writer.string(check.rawValue)
        writer.key("expected")
        writer.string(expected)
        writer.key("localTime")
        writer.string(localTime)
        writer.key("reason")
        writer.string(reason)
        if let ruleID {
            writer.key("ruleID")
            writer.string(ruleID)
        }
        if let ruleName {
            writer.key("ruleName")
            writer.string(ruleName)
        }
        if let subject {
            writer.key("subject")
            writer.string(subject)
        }
        writer.key("time")
        writer.string(time)
        if let until {
            writer.key("until")
            writer.string(until)
        }
        writer.endObject()
    }

    static let writtenFields = 10
}

extension Oracle.WithheldCallback {
    func writeJSON(to writer: inout PrettyJSONWriter) {
        writer.beginObject()
        writer.key("activity")
        writer.string(activity)
        writer.key("edge")
        writer.date(edge)
        writer.key("kind")
        writer.string(kind)
        writer.key("reason")
        writer.string(reason)
        writer.endObject()
    }

    static let writtenFields = 4
}

extension UsageTruth {
    func writeJSON(to writer: inout PrettyJSONWriter) {
        writer.beginObject()
        if let frontmost {
            writer.key("frontmost")
            writer.string(frontmost)
        }
        writer.key("seconds")
        writer.beginObject()
        for (bundle, days) in PrettyJSONWriter.sorted(seconds, memo: "oracle-state.truth.seconds") {
            writer.key(bundle)
            // `DayKey` keys: alternating day and seconds, in the dictionary's
            // iteration order. Each save changes the frontmost app's days
            // only, so an app's are written from the last save's bytes when
            // they are the same pairs in the same order (never compared as a
            // dictionary: an equal one may iterate otherwise).
            writer.beginArray()
            writer.memoizedElements("oracle-state.truth.seconds." + bundle, days.map(DaySeconds.init)) {
                writer, pair in
                writer.string(pair.day.description)
                writer.element()
                writer.double(pair.seconds)
            }
            writer.endArray()
        }
        writer.endObject()
        if let since {
            writer.key("since")
            writer.date(since)
        }
        writer.endObject()
    }

    static let writtenFields = 3

    /// One day of an app's seconds, as the writer compares it.
    private struct DaySeconds: Equatable, Sendable {
        var day: DayKey
        var seconds: TimeInterval

        init(_ pair: (key: DayKey, value: TimeInterval)) {
            day = pair.key
            seconds = pair.value
        }
    }
}

extension DeviceFacts {
    func writeJSON(to writer: inout PrettyJSONWriter) {
        writer.beginObject()
        writer.key("appLaunches")
        writer.beginObject()
        let launches = Dictionary(uniqueKeysWithValues: appLaunches.map { (String($0.key), $0.value) })
        for (launch, argv) in PrettyJSONWriter.sorted(launches) {
            writer.key(launch)
            writer.strings(argv)
        }
        writer.endObject()
        writer.key("authorizationLostWrites")
        writer.bool(authorizationLostWrites)
        if let authorizationRestoredAt {
            writer.key("authorizationRestoredAt")
            writer.date(authorizationRestoredAt)
        }
        if let authorizationRevokedAt {
            writer.key("authorizationRevokedAt")
            writer.date(authorizationRevokedAt)
        }
        writer.key("granted")
        writer.ints(granted, memo: "oracle-state.facts.granted")
        if let grantedOverBudget {
            writer.key("grantedOverBudget")
            writer.ints(grantedOverBudget, memo: "oracle-state.facts.grantedOverBudget")
        }
        if let lastRefresh {
            writer.key("lastRefresh")
            writer.date(lastRefresh)
        }
        writer.key("pressesSeen")
        writer.int(pressesSeen)
        writer.key("sessionEndDelivered")
        writer.strings(sessionEndDelivered.lazy.map(CanonicalUUID.string))
        writer.key("sessions")
        writer.beginArray()
        for (rule, end) in sessions {
            writer.element()
            writer.string(CanonicalUUID.string(rule))
            writer.element()
            writer.date(end)
        }
        writer.endArray()
        writer.key("thresholdMinutes")
        writer.ints(thresholdMinutes, memo: "oracle-state.facts.thresholdMinutes")
        writer.key("unacknowledgedPresses")
        writer.ints(unacknowledgedPresses, memo: "oracle-state.facts.unacknowledgedPresses")
        writer.endObject()
    }

    static let writtenFields = 12
}

extension SpecFacts {
    /// `carried` and `carriedTravel`: seconds by day by rule, keys sorted.
    static func writeSecondsByDay(_ map: [String: [String: TimeInterval]], to writer: inout PrettyJSONWriter) {
        writer.beginObject()
        for (rule, days) in PrettyJSONWriter.sorted(map) {
            writer.key(rule)
            writer.beginObject()
            for (day, seconds) in PrettyJSONWriter.sorted(days) {
                writer.key(day)
                writer.double(seconds)
            }
            writer.endObject()
        }
        writer.endObject()
    }

    func writeJSON(to writer: inout PrettyJSONWriter) {
        writer.beginObject()
        if let carried {
            writer.key("carried")
            Self.writeSecondsByDay(carried, to: &writer)
        }
        if let carriedTravel {
            writer.key("carriedTravel")
            Self.writeSecondsByDay(carriedTravel, to: &writer)
        }
        if let clockSetBack {
            writer.key("clockSetBack")
            clockSetBack.writeJSON(to: &writer)
        }
        writer.key("grants")
        writer.datesByRule(grants)
        if let kills {
            writer.key("kills")
            kills.writeJSON(to: &writer)
        }
        writer.key("lastAppLaunch")
        writer.int(lastAppLaunch)
        writer.key("lastAppLaunchExited")
        writer.bool(lastAppLaunchExited)
        if let mirrorDamagedAt {
            writer.key("mirrorDamagedAt")
            writer.date(mirrorDamagedAt)
        }
        writer.key("refused")
        writer.strings(refused.lazy.map(CanonicalUUID.string))
        if let settingsDamagedAt {
            writer.key("settingsDamagedAt")
            writer.date(settingsDamagedAt)
        }
        writer.key("since")
        writer.dates(since)
        if let tokenChanges {
            writer.key("tokenChanges")
            writer.beginObject()
            for (bundle, change) in PrettyJSONWriter.sorted(tokenChanges) {
                writer.key(bundle)
                change.writeJSON(to: &writer)
            }
            writer.endObject()
        }
        if let travels {
            writer.key("travels")
            writer.beginArray()
            for travel in travels {
                writer.element()
                travel.writeJSON(to: &writer)
            }
            writer.endArray()
        }
        if let uninstallProtection {
            writer.key("uninstallProtection")
            writer.bool(uninstallProtection)
        }
        if let unreachedThresholds {
            writer.key("unreachedThresholds")
            writer.dates(unreachedThresholds)
        }
        writer.key("unsurePresses")
        writer.datesByRule(unsurePresses)
        if let usageDamaged {
            writer.key("usageDamaged")
            usageDamaged.writeJSON(to: &writer)
        }
        if let zone {
            writer.key("zone")
            writer.string(zone)
        }
        writer.endObject()
    }

    static let writtenFields = 18
}

extension Travel {
    func writeJSON(to writer: inout PrettyJSONWriter) {
        writer.beginObject()
        if let filed {
            writer.key("filed")
            writer.beginObject()
            for (bundle, seconds) in filed.sorted(by: { $0.key < $1.key }) {
                writer.key(bundle)
                writer.double(seconds)
            }
            writer.endObject()
        }
        writer.key("from")
        writer.string(from)
        writer.key("time")
        writer.date(time)
        writer.key("to")
        writer.string(to)
        writer.endObject()
    }

    static let writtenFields = 4
}

extension TokenChange {
    func writeJSON(to writer: inout PrettyJSONWriter) {
        writer.beginObject()
        writer.key("app")
        writer.string(app)
        writer.key("retired")
        writer.strings(retired.lazy.map(\.id))
        writer.key("time")
        writer.date(time)
        if let usedBefore {
            writer.key("usedBefore")
            writer.double(usedBefore)
        }
        writer.endObject()
    }

    static let writtenFields = 4
}

extension UsageDamage {
    func writeJSON(to writer: inout PrettyJSONWriter) {
        writer.beginObject()
        writer.key("day")
        writer.string(day)
        writer.key("fault")
        writer.string(fault)
        writer.key("lostMinutes")
        writer.ints(lostMinutes, memo: "oracle-state.usageDamaged.lostMinutes")
        writer.key("lostOpens")
        writer.ints(lostOpens, memo: "oracle-state.usageDamaged.lostOpens")
        writer.key("refusesWrites")
        writer.bool(refusesWrites)
        writer.key("time")
        writer.date(time)
        writer.endObject()
    }

    static let writtenFields = 6
}

extension KillFacts {
    func writeJSON(to writer: inout PrettyJSONWriter) {
        writer.beginObject()
        if let appKilled {
            writer.key("appKilled")
            appKilled.writeJSON(to: &writer)
        }
        if let diskFull {
            writer.key("diskFull")
            diskFull.writeJSON(to: &writer)
        }
        if let extensionKilled {
            writer.key("extensionKilled")
            extensionKilled.writeJSON(to: &writer)
        }
        writer.key("paidPresses")
        writer.datesByRule(paidPresses)
        writer.key("thresholdsKilled")
        writer.beginObject()
        for (activity, day) in PrettyJSONWriter.sorted(thresholdsKilled) {
            writer.key(activity)
            writer.string(day)
        }
        writer.endObject()
        if let thresholdsKilledMinutes {
            writer.key("thresholdsKilledMinutes")
            writer.ints(thresholdsKilledMinutes, memo: "oracle-state.kills.thresholdsKilledMinutes")
        }
        writer.endObject()
    }

    static let writtenFields = 6
}

extension ClockSetBack {
    func writeJSON(to writer: inout PrettyJSONWriter) {
        writer.beginObject()
        if let from {
            writer.key("from")
            writer.date(from)
        }
        writer.key("launch")
        writer.int(launch)
        if let settled {
            writer.key("settled")
            writer.date(settled)
        }
        writer.key("time")
        writer.date(time)
        writer.endObject()
    }

    static let writtenFields = 4
}

extension KilledLaunch {
    func writeJSON(to writer: inout PrettyJSONWriter) {
        writer.beginObject()
        writer.key("launch")
        writer.int(launch)
        if let reason {
            writer.key("reason")
            writer.string(reason)
        }
        writer.key("target")
        writer.string(target)
        writer.key("time")
        writer.date(time)
        writer.endObject()
    }

    static let writtenFields = 4
}

extension PrettyJSONWriter {
    fileprivate mutating func dates(_ dates: [String: Date]) {
        beginObject()
        for (name, when) in PrettyJSONWriter.sorted(dates) {
            key(name)
            date(when)
        }
        endObject()
    }

    /// `memo` names the dictionary's key order (`sorted(_:memo:)`): these
    /// counts change at nearly every save, their keys seldom, and sorting
    /// the keys again was most of writing them.
    fileprivate mutating func ints(_ counts: [String: Int], memo: String) {
        beginObject()
        for (name, count) in PrettyJSONWriter.sorted(counts, memo: memo) {
            key(name)
            int(count)
        }
        endObject()
    }

    /// `UUID` keys: alternating rule and its dates.
    fileprivate mutating func datesByRule(_ dates: [UUID: [Date]]) {
        beginArray()
        for (rule, times) in dates {
            element()
            string(CanonicalUUID.string(rule))
            element()
            beginArray()
            for time in times {
                element()
                date(time)
            }
            endArray()
        }
        endArray()
    }
}
