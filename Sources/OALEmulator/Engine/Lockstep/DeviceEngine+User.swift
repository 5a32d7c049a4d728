import Foundation
import OALDomain
import OALPlatform
import OALProcesses
import OALSystem

/// The simulated user: taps in the app, opening and leaving apps, shield
/// buttons, and the scenario's checks.
extension DeviceEngine {
    func perform(_ step: ScenarioStep) throws {
        switch step.action {
        case .app, .usageReport, .open, .press, .leave, .shortcut, .nfcScan, .screenTap, .link, .cameraScan:
            try faultsDeviceUse()
        case .expect, .fault, .authorization, .notifications, .automation: break
        }
        switch step.action {
        case .fault(let fault):
            try inject(fault, key: "line:\(step.line)")
        case .app(let arguments):
            guard appAvailable(for: "app " + arguments.joined(separator: " ")) else { return }
            if freeRun != nil { return try tapConcurrently(step, arguments) }
            tapped(step, arguments, try launch(.app, arguments))
        case .usageReport(let rule):
            guard appAvailable(for: "app usage-report \(rule)") else { return }
            if let problem = try lookAtUsageReport(rule).problem {
                record(step, ExpectationVerdict(ok: false, detail: problem))
            }
        case .open(let name, let duration):
            try open(name, for: duration)
        case .leave:
            try leaveFrontmost()
        case .press(let button, let name, let duration):
            if let problem = try press(button, on: name, for: duration) {
                record(step, ExpectationVerdict(ok: false, detail: problem))
            }
        case .authorization(let change):
            try setAuthorization(change)
        case .notifications(let change):
            try setNotificationPermission(change)
        case .shortcut(let intent, let parameters):
            guard appAvailable(for: "shortcut run \(intent)") else { return }
            try runShortcut(step, intent: intent, parameters: parameters)
        case .automation(let change):
            if let problem = try changeAutomation(change) {
                record(step, ExpectationVerdict(ok: false, detail: problem))
            }
        case .nfcScan(let tag):
            try scanTag(step, tag: tag)
        case .screenTap(let button, let times):
            try tapOnScreen(step, button: button, times: times)
        case .link(let url):
            try openLink(step, url: url)
        case .cameraScan(let code):
            try scanWithCamera(step, code: code)
        case .expect(.usageReport(let rule, let text)):
            try drainLaunches()
            let look = try lookAtUsageReport(rule)
            let shown = (look.output ?? "").split(separator: "\n").joined(separator: " | ")
            record(
                step,
                ExpectationVerdict(
                    ok: look.output?.contains(text) ?? false, detail: look.problem ?? "usage report: \(shown)"))
        case .expect(let expectation):
            try drainLaunches()
            let checker = ExpectationChecker(view: view) { kind, arguments in try self.launch(kind, arguments) }
            record(step, try checker.check(expectation, state: state))
        }
    }

    /// Traces a tap's answer; a failed one fails its step.
    func tapped(_ step: ScenarioStep, _ arguments: [String], _ outcome: LaunchOutcome) {
        trace.record(
            "user.app", at: now,
            [
                "args": arguments.joined(separator: " "), "launch": String(outcome.launch),
                "status": outcome.statusText,
            ])
        if outcome.exitCode != 0 {
            let said = outcome.stderr.split(separator: "\n").first.map(String.init) ?? ""
            record(step, ExpectationVerdict(ok: false, detail: "oal-app exited \(outcome.statusText): \(said)"))
        }
    }

    /// Traces a verdict; failures also go to the progress stream: `FAIL
    /// ...` at once, but a failure a known finding of the guest app may
    /// explain (one `expects` its kind) is held until the oracle has judged
    /// its instant (`reportHeldFailures`), then printed `KNOWN ...` with the
    /// finding or `FAIL ...` (issue 34: a FAIL mid-run for what the run
    /// ends calling known read as broken).
    func record(_ step: ScenarioStep, _ verdict: ExpectationVerdict) {
        trace.record(
            "expect", at: now,
            [
                "line": String(step.line), "text": step.text, "result": verdict.ok ? "ok" : "fail",
                "detail": verdict.detail,
            ])
        if verdict.ok {
            result.met += 1
        } else {
            let message = "\(scenario.file):\(step.line): \(step.text) — \(verdict.detail)"
            result.failures.append(message)
            if case .expect(let expectation) = step.action,
                run.guest?.findings?.contains(where: { ($0.expects ?? []).contains(expectation.kindName) }) == true
            {
                heldFailures.append((message, expectation))
            } else {
                options.progress?("FAIL \(message)")
            }
        }
    }

    /// Prints the held failures now that the oracle has judged their
    /// instant: `KNOWN` naming the finding when one explains the failure
    /// (as the run's end will, `separateKnownFailures`), else `FAIL`. A
    /// failure printed FAIL may still end known, if the oracle meets the
    /// finding later in the run; one printed KNOWN always ends known.
    func reportHeldFailures() {
        guard !heldFailures.isEmpty else { return }
        let held = heldFailures
        heldFailures = []
        for (message, expectation) in held {
            if let finding = oracle.knownFinding(explaining: expectation) {
                options.progress?(
                    "KNOWN \(message) (known finding \(finding.id) of the app, not a new failure; "
                        + "\(RunSummary.findingsDocument))")
            } else {
                options.progress?("FAIL \(message)")
            }
        }
    }

    /// At the end of a guest's run: each failed expectation a known finding
    /// of the app explains (its harness's `expects`, docs/GUEST.md
    /// "Findings") moves from `failures` to `knownFailures`, traced as
    /// `expect.known` with the finding, so it is reported as known and the
    /// run exits 5, not 1, when nothing else failed.
    func separateKnownFailures() {
        reportHeldFailures()
        guard run.guest?.findings != nil else { return }
        var remaining: [String] = []
        for message in result.failures {
            let prefix = "\(scenario.file):"
            let line = message.hasPrefix(prefix) ? Int(message.dropFirst(prefix.count).prefix { $0.isNumber }) : nil
            guard let line, let step = scenario.steps.first(where: { $0.line == line }),
                case .expect(let expectation) = step.action,
                let finding = oracle.knownFinding(explaining: expectation)
            else {
                remaining.append(message)
                continue
            }
            result.knownFailures.append("\(message) (known finding \(finding.id))")
            trace.record(
                "expect.known", at: now, ["line": String(line), "finding": finding.id, "summary": finding.summary])
        }
        result.failures = remaining
    }

    // MARK: - Foreground

    func open(_ name: String, for duration: TimeInterval?, via cause: String? = nil) throws {
        let app = try bringToFront(name, for: duration, via: cause)
        // "App is opened" runs on every open, shielded or not, after the
        // open itself (the automation's intent decides what to show).
        try runAutomations(triggeredBy: .appOpened(app: app.name))
    }

    /// The open itself: the app in front, its shield, or OpenAppLock's loop.
    private func bringToFront(_ name: String, for duration: TimeInterval?, via cause: String?) throws -> InstalledApp {
        try leaveFrontmost()
        guard let app = try view.catalog().app(named: name) else {
            throw EngineError.io("no installed app named '\(name)' on this device")
        }
        trace.record("user.open", at: now, ["app": app.name].merging(cause.map { ["via": $0] } ?? [:]) { $1 })
        if app.bundleIdentifier == Self.openAppLock {
            guard appAvailable(for: "open OpenAppLock") else { return app }
            try openOpenAppLock(for: duration)
            return app
        }
        if try view.effective().isShielded(app.token, category: app.category) {
            try showShield(app)
            return app
        }
        state.frontmost = app.bundleIdentifier
        state.leaveAt = duration.map { now.addingTimeInterval($0) }
        try loop.publish(frontmost: app.bundleIdentifier, session: state.foregroundSession, tick: nil)
        return app
    }

    func leaveFrontmost() throws {
        if let shield = state.showingShield {
            trace.record("user.leave", at: now, ["app": shield, "from": "shield"])
            state.showingShield = nil
        }
        guard let bundle = state.frontmost else { return }
        let name = try view.catalog().apps.first { $0.bundleIdentifier == bundle }?.name ?? bundle
        trace.record("user.leave", at: now, ["app": name])
        state.frontmost = nil
        state.leaveAt = nil
        state.nextTick = nil
        try loop.publish(frontmost: nil, session: state.foregroundSession, tick: nil)
    }

    /// iOS renders a shield by launching the ShieldConfiguration extension.
    private func showShield(_ app: InstalledApp) throws {
        let outcome = try launch(.shieldConfig, ["application", app.token.description])
        let text = outcome.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }.joined(separator: " | ")
        trace.record(
            "shield.shown", at: now,
            ["app": app.name, "launch": String(outcome.launch), "status": outcome.statusText, "text": text])
        state.showingShield = app.name
    }

    /// A shield button. Returns a problem when the press could not happen
    /// as the scenario says (no shield there, the extension failed).
    func press(_ button: ShieldButton, on name: String, for duration: TimeInterval?) throws -> String? {
        if state.showingShield?.caseInsensitiveCompare(name) != .orderedSame {
            try open(name, for: nil)
        }
        guard state.showingShield?.caseInsensitiveCompare(name) == .orderedSame,
            let app = try view.catalog().app(named: name)
        else {
            return "no shield is showing on \(name), so there is no button to press"
        }
        let shieldersBefore = try view.effective().storesShielding(app.token, category: app.category)
        let outcome = try launchPress(
            ShieldPressArguments(token: app.token.description, button: button.pressed).arguments, button: button)
        // The press ran, its outcome not yet traced: a device killed here
        // finishes it when it resumes (`DeviceEngine+Resume`).
        CrashPoint.reach("device.press.after-launch")
        return try finishPress(
            button, on: app, for: duration, launch: outcome.launch, exitCode: outcome.exitCode,
            status: outcome.statusText, stdout: outcome.stdout, stderr: outcome.stderr,
            shieldersBefore: shieldersBefore)
    }

    /// What follows a press's launch: the press traced (`resumed`: by a
    /// device started again after one killed before it could), the
    /// shield's answer read and acted on as Apple documents it. A resumed
    /// press does not know which stores shielded the app before it, and
    /// takes them as unchanged (no redraw).
    func finishPress(
        _ button: ShieldButton, on app: InstalledApp, for duration: TimeInterval?, launch: Int, exitCode: Int32?,
        status: String, stdout: String, stderr: String, shieldersBefore: [String]?, resumed: Bool = false
    ) throws -> String? {
        let said = stdout.split(separator: "\n").first.map(String.init) ?? ""
        var fields = [
            "app": app.name, "button": button.rawValue, "launch": String(launch), "status": status, "result": said,
        ]
        if resumed { fields["resumed"] = "true" }
        trace.record("user.press", at: now, fields)
        try settle()
        guard let reply = ShieldPressReply(button: button, exitCode: exitCode, firstLine: said) else {
            return "oal-shield-action exited \(status): \(said) \(stderr)"
        }
        if let granted = reply.granted { state.lastPressGranted = granted }
        let shieldersAfter = try view.effective().storesShielding(app.token, category: app.category)
        let changed = shieldersBefore.map { shieldersAfter != $0 } ?? false
        switch reply.effect(stillShielded: !shieldersAfter.isEmpty, shieldersChanged: changed) {
        case .home:
            state.showingShield = nil
        case .redraw:
            state.showingShield = nil
            try showShield(app)
        case .stay:
            state.showingShield = app.name
        case .openApp:
            state.showingShield = nil
            trace.record("user.open", at: now, ["app": app.name, "via": "press"])
            state.frontmost = app.bundleIdentifier
            state.leaveAt = duration.map { now.addingTimeInterval($0) }
            try loop.publish(frontmost: app.bundleIdentifier, session: state.foregroundSession, tick: nil)
        }
        return nil
    }

    // MARK: - The app's foreground loop

    func openOpenAppLock(for duration: TimeInterval?) throws {
        if pathsSkipsApp() { return }
        state.foregroundSession += 1
        state.frontmost = Self.openAppLock
        state.leaveAt = duration.map { now.addingTimeInterval($0) }
        try loop.publish(frontmost: Self.openAppLock, session: state.foregroundSession, tick: now)
        _ = try loop.ensureLoop(
            launch: { nextLaunch() },
            starting: { number in trace.record("loop.launch", at: now, ["launch": String(number)]) })
        // Free-running, the loop refreshes on its own, unawaited.
        if freeRun != nil { return }
        try awaitRefresh(at: now)
    }

    func tick() throws {
        if try pathsRefreshIfNeeded() { return }
        guard state.frontmost == Self.openAppLock, loop.loopAlive else {
            try closeDeadLoop()
            return
        }
        try loop.publish(frontmost: Self.openAppLock, session: state.foregroundSession, tick: now)
        try awaitRefresh(at: now)
    }

    private func awaitRefresh(at tick: Date) throws {
        guard loop.awaitAck(session: state.foregroundSession, tick: tick) else {
            try stopIfRequested()
            trace.record("loop.timeout", at: now, ["session": String(state.foregroundSession)])
            try closeDeadLoop()
            return
        }
        trace.record("loop.ack", at: now, ["session": String(state.foregroundSession)])
        state.nextTick = now.addingTimeInterval(Self.tickInterval)
    }

    /// A loop that died or stopped answering: the app counts as closed
    /// until the user opens it again, as iOS treats a crashed app.
    func closeDeadLoop() throws {
        trace.record("app.closed", at: now, ["reason": "the foreground loop is not running"])
        state.frontmost = nil
        state.nextTick = nil
        state.leaveAt = nil
        try loop.publish(frontmost: nil, session: state.foregroundSession, tick: nil)
    }
}
