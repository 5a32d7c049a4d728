import Foundation
import OALDomain
import OALScenario

/// Judging the stretch between two events. In lockstep nothing runs until
/// the next event, so the stores stay as the last one left them; but the
/// spec model can change its mind in between (a session's 15 minutes run
/// out, a window edge no activity carries, midnight, a pause ending, a
/// budget crossed while an app stays in front). A design that owes a change
/// there and has no callback to make it must be seen at that instant, not
/// at whatever event comes next.
extension Oracle {
    /// At most this many instants per stretch: a stretch spans days only
    /// when nothing is monitored, and the first divergence is what matters.
    static let quietInstantLimit = 64

    func judgeRest(of view: OracleView, until next: Date) {
        let instants = modelChanges(after: now, before: next)
        guard !instants.isEmpty else { return }
        let (start, savedTruth, savedStep) = (now, truth, lastStep)
        defer { (now, truth, lastStep) = (start, savedTruth, savedStep) }
        lastStep = "nothing (no event since \(localText(start)))"
        for instant in instants {
            truth.advance(to: instant, calendar: calendar)
            now = instant
            checkEnforcement(view, usage: false)
        }
    }

    /// The instants in `(from, to)` at which the spec model's answer for
    /// some rule of the user's can change, sorted.
    func modelChanges(after from: Date, before to: Date) -> [Date] {
        var instants = Set<Date>()
        func add(_ instant: Date?) {
            if let instant, instant > from, instant < to { instants.insert(instant) }
        }
        // Each day's first instant, from the day before's end: a day added
        // to a start a spring forward moved off midnight keeps that hour.
        let specDays = SpecDays(calendar: calendar)
        var day = specDays.start(specDays.start(from).addingTimeInterval(-1))
        var midnights: [Date] = []
        while day < to, midnights.count < Self.quietInstantLimit {
            midnights.append(day)
            add(day)
            day = specDays.startOfNextDay(after: day)
        }
        for entry in userRules.entries {
            add(entry.rule.pausedUntil)
            switch entry.rule.configuration {
            case .schedule(let config):
                for midnight in midnights {
                    for minutes in [config.startMinutes, config.endMinutes] {
                        add(calendar.date(byAdding: .minute, value: minutes, to: midnight))
                    }
                }
            case .timeLimit(let config):
                add(budgetCrossing(entry, limitMinutes: config.dailyLimitMinutes))
                // On a day lived again after travel the excuse of an
                // unshielded budget ends later, when the use since the
                // day's new start spends it (`travelExplains`).
                if let found = travel(into: days.day(from)), found.reentered {
                    add(budgetCrossing(entry, limitMinutes: config.dailyLimitMinutes, uncounted: found))
                }
            case .openLimit:
                // The session's end, and the end of the minute its re-shield
                // may take (`NamedReason`).
                for grant in spec.grants[entry.rule.id] ?? [] {
                    add(grant.addingTimeInterval(SpecModel.sessionSeconds))
                    add(grant.addingTimeInterval(SpecModel.sessionSeconds + Self.sessionEdgeSlack))
                }
            }
        }
        return Array(instants.sorted().prefix(Self.quietInstantLimit))
    }

    /// When the app in front (if the rule covers it) spends the rest of
    /// today's budget.
    /// `uncounted`: the travel whose filed minutes DeviceActivity's count
    /// of the day leaves out.
    private func budgetCrossing(_ entry: UserRules.Entry, limitMinutes: Int, uncounted: TravelOverlap? = nil)
        -> Date?
    {
        guard let bundle = truth.frontmost, let catalog = lastCatalog,
            let app = apps(byBundleIn: catalog)[bundle],
            SpecModel.covers(mode: entry.mode, selection: entry.selection, app: app)
        else { return nil }
        let bundles = apps(byBundleIn: catalog)
        let filed =
            uncounted.map { found in
                secondsFiled(found) { bundle in
                    bundles[bundle].map { SpecModel.covers(mode: entry.mode, selection: entry.selection, app: $0) }
                        ?? false
                }
            } ?? 0
        let left = TimeInterval(limitMinutes) * 60 + filed - userDay(entry, catalog: catalog).coveredSeconds
        return left > 0 ? now.addingTimeInterval(left) : nil
    }
}
