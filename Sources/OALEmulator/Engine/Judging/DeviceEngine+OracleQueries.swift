import Foundation
import OALProcesses

extension DeviceEngine {
    /// What the oracle needs from the app itself after a step, asked
    /// untraced (so the trace is the same without the oracle): a guest's
    /// own records at every step (`GuestProbe`, of its process), and the
    /// Rules screen's status labels after any launch and at least once an
    /// emulated hour (`status-label`), for the emulator's app (drawn in
    /// this process by the app's own code, `RulesScreenQuery`) and a guest
    /// (`UntracedAppQuery`) alike.
    func askTheApp() {
        // Not while a preempted launch is stopped: the query would wait for
        // a lock it holds, and nothing resumes it for an untraced process
        // (the race sweep hung so). Asked again once it has run on.
        guard !faults.holdsAStoppedLaunch else { return }
        let query = UntracedAppQuery(launcher: launcher)
        if run.guestIsProbed { oracle.guestProbe = GuestAppProbe(query: query).read() }
        let database = options.root.appContainer.appendingPathComponent(AppDatabase.storeName + ".json")
        guard FileManager.default.fileExists(atPath: database.path) else { return }
        let launches = state.launchSequence
        let zone = calendar.timeZone.identifier
        if let asked = oracle.labelsAsked, asked.launch == launches, asked.zone == zone,
            now.timeIntervalSince(asked.time) < 3600
        {
            return
        }
        oracle.labelsAsked = LabelsAsked(launch: launches, time: now, zone: zone)
        askForTheRulesScreen(query)
    }

    /// A run resumed from a snapshot taken between the step's observation
    /// and its judgement: the answers the recording run held in memory for
    /// that judgement, asked again of the same files (the app's answers
    /// depend on nothing else).
    func askTheAppAgainAfterResume() {
        let query = UntracedAppQuery(launcher: launcher)
        if run.guestIsProbed { oracle.guestProbe = GuestAppProbe(query: query).read() }
        if let asked = oracle.labelsAsked, asked.launch == state.launchSequence, asked.time == now,
            (asked.zone ?? calendar.timeZone.identifier) == calendar.timeZone.identifier
        {
            askForTheRulesScreen(query)
        }
    }

    private func askForTheRulesScreen(_ query: UntracedAppQuery) {
        // The app could not draw its screen (a fault damaged its store,
        // say): the stores-parse check names the store; the labels are
        // judged at the next answer.
        guard run.guest != nil else {
            guard let rows = try? rulesScreenQuery.rows() else { return }
            oracle.rulesScreen = ScreenRows(
                rows: rows.map {
                    ScreenRows.Row(
                        id: $0.id, name: $0.name, subtitle: $0.subtitle, trailing: $0.trailing, window: $0.window,
                        days: $0.days)
                })
            return
        }
        guard case .success(let data) = query.run(["rules", "--json"]) else { return }
        oracle.rulesScreen = ScreenRows(json: String(decoding: data, as: UTF8.self))
    }
}

extension ResolvedRun {
    /// Whether the oracle asks the guest's app after every step: only an
    /// app it has a spec model of (or a package's contract) to judge by.
    var guestIsProbed: Bool { guest.map { $0.noSpecModel == nil && $0.specModel == nil } ?? false }
}
