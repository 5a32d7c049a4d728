import Foundation
import Glibc
import OALPlatform
import OALStore
import OALSystem

/// What the foreground loop drives: the emulator's own app (`AppSession`)
/// or a guest's (GuestHarness). A launch is a refresh plus the
/// DeviceActivity reconcile, as the app's scene-active hook; a tick is the
/// 30-second refresh.
public protocol ForegroundApp: AnyObject {
    var context: ProcessContext { get }
    func foregroundLaunch() throws
    func foregroundTick() throws
    /// A tap on an on-screen button, `times` at once; what the app did.
    func foregroundTap(_ button: String, times: Int) throws -> String
    /// An App Intent run in this running process (`inFront`: the app is
    /// frontmost); its answer, as `oal-app intent` prints it.
    func foregroundIntent(_ request: IntentRequest, inFront: Bool) throws -> String
    /// A URL of the app's own, received by its scene (`onOpenURL`); what
    /// the app did.
    func foregroundOpenURL(_ url: String) throws -> String
    /// A tag or code held to the phone: what the reader the app has up did
    /// with it, or `ScreenTap.unreadPrefix` and why when it has none.
    func foregroundHoldUp(_ held: HeldUp) throws -> String
}

extension ForegroundApp {
    public func foregroundTap(_ button: String, times: Int) throws -> String {
        throw ProcessFailure.usage("this app's screens have no button '\(button)' the device can tap")
    }

    public func foregroundIntent(_ request: IntentRequest, inFront: Bool) throws -> String {
        throw ProcessFailure(.unavailable, "intent: this app declares no App Intents")
    }

    public func foregroundOpenURL(_ url: String) throws -> String {
        throw ProcessFailure.usage("this app handles no URL of its own (\(url))")
    }

    public func foregroundHoldUp(_ held: HeldUp) throws -> String {
        ScreenTap.unreadPrefix + "this app opens no \(held.reader) reader"
    }
}

extension AppSession: ForegroundApp {
    public func foregroundLaunch() throws { try reconcile(cause: "launch") }
    public func foregroundTick() throws { try refresh(cause: "tick") }
}

/// `oal-app run`: the foreground loop (docs/PROCESSES.md, "The foreground
/// loop hand-shake").
///
/// While the app is frontmost it refreshes when a new foreground session
/// begins (launch: refresh plus DeviceActivity reconcile, as the app's
/// scene-active hook) and whenever the clock reaches the published tick,
/// then acknowledges. It polls rather than waits on an event because the
/// device's only channel is the file; 2 ms keeps lockstep runs fast.
public final class ForegroundLoop {
    public static let pollInterval: useconds_t = 2_000

    private let app: ForegroundApp
    private let handshake: ForegroundHandshake
    private var session: Int?
    private var lastTick: String?
    /// Free-running: the emulated instant the next own tick is due.
    private var nextOwnTick: Date?
    private var reportedUnreadable = false
    private var lastRead: (bytes: Data, state: ForegroundState)?
    /// The last tap handled, and what it answered (repeated in every
    /// acknowledgement after it, so a tick's ack does not lose it).
    private var lastTap: (id: Int, result: String)?
    /// The last intent run, its status and answer (repeated as `lastTap`).
    private var lastIntent: (id: Int, status: Int32, answer: String)?
    private var lastRefreshedAt: String?

    public init(app: ForegroundApp) {
        self.app = app
        handshake = ForegroundHandshake(root: app.context.root)
    }

    /// Runs until SIGTERM/SIGINT or a `"shutdown": true`.
    public func run() throws -> ExitCode {
        LoopStopRequest.install()
        app.context.record("loop.start")
        while !LoopStopRequest.requested {
            if let state = readState() {
                if state.shutdown == true {
                    _ = try? app.context.now()
                    app.context.record("loop.stop", ["reason": "shutdown"])
                    return .done
                }
                try step(state)
            }
            usleep(Self.pollInterval)
        }
        // Stamped with the clock as it is now, not the last instant this
        // loop happened to read: a loop that idled in the background would
        // otherwise stamp its stop with whenever it last looked, which
        // depends on how the processes were scheduled.
        _ = try? app.context.now()
        app.context.record("loop.stop", ["reason": "signal"])
        return .done
    }

    private func step(_ state: ForegroundState) throws {
        let inFront = state.frontmost == InstalledAppCatalog.openAppLockBundleIdentifier
        // An intent runs whether the app is in front or not: iOS hands it
        // to the app's process while that process is alive.
        if let request = state.intent, request.id != lastIntent?.id {
            try runIntent(request, inFront: inFront, session: state.session)
            return
        }
        guard inFront, let current = state.session else {
            return
        }
        let now = try app.context.now()
        let tickDue = state.tick.flatMap { TraceEvent.date(fromTimestamp: $0) }.map { now >= $0 } ?? false
        if current != session {
            session = current
            try app.foregroundLaunch()
            if tickDue { lastTick = state.tick }
            nextOwnTick = state.tickEvery.map { now.addingTimeInterval($0) }
            try acknowledge(session: current, refreshedAt: tickDue ? state.tick : nil, now: now)
        } else if let every = state.tickEvery, now >= nextOwnTick ?? now {
            let due = nextOwnTick ?? now
            // Free-running: every 30 emulated seconds on the loop's own
            // count; a loop that fell behind skips the ticks it missed.
            var next = due.addingTimeInterval(every)
            if next <= now { next = now.addingTimeInterval(every) }
            nextOwnTick = next
            try app.foregroundTick()
            try acknowledge(session: current, refreshedAt: nil, now: now)
        } else if tickDue, state.tick != lastTick {
            lastTick = state.tick
            try app.foregroundTick()
            try acknowledge(session: current, refreshedAt: state.tick, now: now)
        } else if let tap = state.tap, tap.id != lastTap?.id {
            let result: String
            do {
                if let held = tap.heldUp {
                    result = try app.foregroundHoldUp(held)
                } else {
                    result = try tap.url.map(app.foregroundOpenURL) ?? app.foregroundTap(tap.button, times: tap.times)
                }
            } catch let failure as ProcessFailure {
                result = "refused: \(failure.message)"
            }
            if let held = tap.heldUp {
                app.context.record("scan.received", ["reader": held.reader, "value": held.value, "result": result])
            } else if let url = tap.url {
                app.context.record("url.received", ["url": url, "result": result])
            } else {
                app.context.record("tap.screen", ["button": tap.button, "times": "\(tap.times)", "result": result])
            }
            lastTap = (tap.id, result)
            // `tap.screen` is the tap's line, traced before the
            // acknowledgement: a line after it would race the device's.
            try acknowledge(session: current, refreshedAt: lastRefreshedAt, now: now, traced: false)
        }
    }

    private func runIntent(_ request: IntentRequest, inFront: Bool, session: Int?) throws {
        _ = try app.context.now()
        do {
            lastIntent = (request.id, 0, try app.foregroundIntent(request, inFront: inFront))
        } catch let failure as ProcessFailure {
            lastIntent = (request.id, failure.code.rawValue, failure.message)
        }
        // The run's lines (`intent.start`, `intent.end`) are traced before
        // the acknowledgement, as a tap's.
        try acknowledge(session: session ?? 0, refreshedAt: lastRefreshedAt, now: try app.context.now(), traced: false)
    }

    /// The file changes a few times per foreground minute but is polled
    /// every 2 ms for the whole run: the same bytes are not decoded again.
    private func readState() -> ForegroundState? {
        guard let data = handshake.stateBytes() else { return nil }
        if let last = lastRead, last.bytes == data { return last.state }
        do {
            let state = try JSONDecoder().decode(ForegroundState.self, from: data)
            reportedUnreadable = false
            lastRead = (data, state)
            return state
        } catch {
            // The device replaces the file atomically, so this is a real
            // fault; said once, not every 2 ms.
            if !reportedUnreadable {
                reportedUnreadable = true
                app.context.record("loop.unreadable", ["path": "system/foreground.json", "reason": "\(error)"])
            }
            return nil
        }
    }

    private func acknowledge(session: Int, refreshedAt tick: String?, now: Date, traced: Bool = true) throws {
        let refreshedAt = tick ?? TraceEvent.timestamp(now)
        lastRefreshedAt = refreshedAt
        do {
            try handshake.acknowledge(
                LoopAcknowledgement(
                    pid: getpid(), session: session, refreshedAt: refreshedAt, tapped: lastTap?.id,
                    tapResult: lastTap?.result, intentRan: lastIntent?.id, intentStatus: lastIntent?.status,
                    intentAnswer: lastIntent?.answer))
        } catch {
            throw ProcessFailure(.ioError, "\(handshake.acknowledgementPath): atomic replace failed: \(error)")
        }
        if traced { app.context.record("loop.ack", ["session": "\(session)", "refreshedAt": refreshedAt]) }
    }
}

/// SIGTERM / SIGINT ask the loop to finish its current step and exit.
enum LoopStopRequest {
    nonisolated(unsafe) private static var flag: sig_atomic_t = 0

    static var requested: Bool { flag != 0 }

    static func install() {
        signal(SIGTERM) { _ in LoopStopRequest.flag = 1 }
        signal(SIGINT) { _ in LoopStopRequest.flag = 1 }
        // A spawned process inherits its parent's signal mask; a parent
        // that blocks SIGTERM in its threads (a test runner, a supervisor)
        // would otherwise leave a loop that cannot be stopped.
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGTERM)
        sigaddset(&set, SIGINT)
        sigprocmask(SIG_UNBLOCK, &set, nil)
    }
}
