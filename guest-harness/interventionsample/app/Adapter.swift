// The app harness for swift-app-intervention's sample host app
// (Examples/InterventionSample). The app has no rules: its screens are the
// pause screen, shown when an automation run intervened, and its two
// buttons. What the sample's `AppModel` and `PauseScreen` do, with the
// package's own inbox and presenter: the scene becoming active takes the
// posted pause (`inbox.refresh()`), `pay` proceeds (a 15-minute pass, the
// guarded app reopened by URL), `skip` abandons.
import AppIntervention
import Foundation
import GuestHarness
import GuestRuntime
import OALDomain
import OALProcesses
import OALSystem

final class InterventionHostAdapter: GuestAppWithoutRules, @unchecked Sendable {
    @MainActor private lazy var inbox = InterventionInbox(
        handoff: Intervention.coordinator.handoff, clock: Intervention.clock)
    @MainActor private var presenter: InterventionPresenter?

    static let noRules = "InterventionSample has no rules (swift-app-intervention's host app)"


    /// The scene becoming active (`onChange(of: scenePhase)` → `.active`):
    /// the inbox takes a posted pause. A tick is no event for the sample.
    @MainActor func refresh(cause: String) async throws {
        guard cause != "tick" else { return }
        inbox.refresh()
        if let pending = inbox.pending {
            GuestDevice.context.record(
                "screen.pause",
                ["app": pending.app.id, "context": pending.id.uuidString, "tier": pending.tier.rawValue])
        }
    }

    /// `PauseScreen`'s two buttons. A double tap runs both actions as two
    /// tasks on the main actor, as two taps on one button do.
    @MainActor func screenTap(_ button: String, times: Int) async throws -> GuestTapOutcome {
        guard button == "pay" || button == "skip" else {
            return .refused("the pause screen has the buttons pay and skip, not '\(button)'")
        }
        guard inbox.pending != nil else { return .refused("no pause is on the screen") }
        let tasks = (0..<max(1, times)).map { _ in
            Task { @MainActor in button == "pay" ? await self.proceed() : self.abandon() }
        }
        var results: [String] = []
        for task in tasks { results.append(await task.value) }
        return .done(results.joined(separator: "; "), id: nil)
    }

    @MainActor private func makePresenter() -> InterventionPresenter {
        if let presenter { return presenter }
        let made = InterventionPresenter(
            coordinator: Intervention.coordinator, inbox: inbox, reopener: QA.reopener ?? HostReopener())
        presenter = made
        return made
    }

    @MainActor private func proceed() async -> String {
        do {
            let result = try await makePresenter().proceed(optionID: "pay", passDuration: .seconds(15 * 60)) {
                receipt in
                GuestDevice.context.record(
                    "pause.charged", ["context": receipt.contextID.uuidString, "app": receipt.appID])
            }
            switch result.reopen {
            case .reopened(let url): return "proceeded: reopened \(url.absoluteString)"
            case .noURL, .failed: return "proceeded: switch back to the app yourself"
            }
        } catch {
            return "error: \(error.code)"
        }
    }

    @MainActor private func abandon() -> String {
        do {
            let receipt = try makePresenter().abandon(optionID: "skip")
            return "abandoned \(receipt.contextID.uuidString)"
        } catch {
            return "error: \(error.code)"
        }
    }

    // No ledger, sessions, snapshots or enforcer (`GuestAppWithoutRules`):
    // the package's contract checks read its log.

    /// The package's open log, read through its own API, with the
    /// coordinator's return window and the inbox's age limit.
    @MainActor func interventionLog() throws -> InterventionLog? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        let events = try Intervention.coordinator.events(in: nil).map { event in
            InterventionLog.Event(
                app: event.appID, kind: event.kind.rawValue, date: formatter.string(from: event.date),
                context: event.contextID?.uuidString, note: event.note)
        }
        return InterventionLog(
            events: events, returnWindowSeconds: Intervention.coordinator.returnWindow.seconds,
            maxAgeSeconds: inbox.maxAge.seconds)
    }
}

extension Duration {
    fileprivate var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
