import Foundation
import OALDomain
import OALPlatform
import OALProcesses
import OALStore
import OALSystem

/// The guest app process: the adapter (the app's own code) and the
/// read-back of its database the device and the oracle look at.
///
/// `<root>/app/rules.json` is, for a guest, not a database the emulator
/// keeps: it is the app's own store read back through the app's models
/// (`GuestAppAdapter.records`) after every launch and every tap, in the
/// emulator's shape, so the oracle and `expect` lines name the rules the
/// user sees. Nothing the harness does changes the app's store.
public final class GuestAppSession: ForegroundApp {
    public let context: ProcessContext
    let adapter: GuestAppAdapter
    private let readBack: DocumentFile<AppDatabase>

    init(context: ProcessContext, adapter: GuestAppAdapter) throws {
        self.context = context
        self.adapter = adapter
        readBack = try AppDatabase.open(context)
    }

    /// Runs main-actor work of the app and waits for it, the main run loop
    /// turning (60 s wall-clock limit: a hang is a crash of the app).
    func onMain<T>(_ what: String, _ body: @escaping @MainActor @Sendable () async throws -> T) throws -> T {
        try MainActorBridge.value(timeout: 60, what: what, body)
    }

    /// The app's database now, in the emulator's shape.
    func database() throws -> AppDatabase {
        let adapter = adapter
        let records = try onMain("the app's store read back") { try adapter.records() }
        return try records.appDatabase()
    }

    /// Writes the read-back when it changed, and returns it.
    @discardableResult
    func exportDatabase() throws -> AppDatabase {
        var database = try self.database()
        try readBack.update { (stored: inout AppDatabase?) in
            let previous = stored ?? AppDatabase()
            database.generation = previous.generation
            guard previous != database else { return }
            database.generation = previous.generation + 1
            stored = database
        }
        return database
    }

    // MARK: ForegroundApp

    public func foregroundLaunch() throws { try refresh(cause: "launch") }
    public func foregroundTick() throws { try refresh(cause: "tick") }

    /// An App Intent run in this running process, as iOS runs one in an
    /// app that is alive (`GuestIntentCommand.perform`).
    public func foregroundIntent(_ request: IntentRequest, inFront: Bool) throws -> String {
        try GuestIntentCommand.perform(
            self, name: request.name, assignments: request.parameters, foreground: inFront,
            canComeForward: request.canComeForward
        ).text
    }

    /// A tap on the running app's screen, `times` at once, each its own
    /// main-actor task (so a double tap interleaves where the app awaits).
    public func foregroundTap(_ button: String, times: Int) throws -> String {
        _ = try context.now()
        let adapter = adapter
        let outcome = try onMain("the tap on \(button)") { try await adapter.screenTap(button, times: times) }
        try exportDatabase()
        switch outcome {
        case .done(let message, _): return message
        case .refused(let reason): throw ProcessFailure.refused(reason)
        }
    }

    /// A URL of the app's own, received by its scene: what its
    /// `onOpenURL` does, through the harness.
    public func foregroundOpenURL(_ url: String) throws -> String {
        _ = try context.now()
        guard let parsed = URL(string: url) else { throw ProcessFailure.usage("'\(url)' is not a URL") }
        let adapter = adapter
        let outcome = try onMain("the app's onOpenURL") { try await adapter.openURL(parsed) }
        try exportDatabase()
        switch outcome {
        case .done(let message, _): return message
        case .refused(let reason): throw ProcessFailure.refused(reason)
        }
    }

    /// A tag or code held to the phone: the reader the app's code has up
    /// reads it, or the device does (`ScreenTap.unreadPrefix`).
    public func foregroundHoldUp(_ held: HeldUp) throws -> String {
        _ = try context.now()
        let adapter = adapter
        let outcome: GuestTapOutcome? = try onMain("the app's \(held.reader) reader") {
            try await adapter.heldUp(held)
        }
        try exportDatabase()
        switch outcome {
        case nil: return ScreenTap.unreadPrefix + "the app has no \(held.reader) reader up"
        case .done(let message, _): return message
        case .refused(let reason): throw ProcessFailure.refused(reason)
        }
    }

    public func refresh(cause: String) throws {
        _ = try context.now()
        let adapter = adapter
        try onMain("the app's RuleEnforcer.refresh") { try await adapter.refresh(cause: cause) }
        let database = try exportDatabase()
        // The oracle's deadlines ("the app's next refresh") count this line.
        context.record("refresh", ["cause": cause, "rules": "\(database.rules.count)", "guest": "true"])
    }
}

extension GuestDatabase {
    /// The app's rules and lists as the emulator's domain values.
    public func appDatabase() throws -> AppDatabase {
        var appLists: [AppList] = []
        for list in lists {
            let selection = try list.selectionData.map { try AppSelection(decoding: $0) } ?? .empty
            appLists.append(AppList(id: list.id, name: list.name, selection: selection))
        }
        return AppDatabase(rules: try rules.map { try $0.rule() }, lists: try AppListLibrary(lists: appLists))
    }
}
