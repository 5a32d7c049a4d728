import Foundation
import GuestRuntime
import OALDomain
import OALPlatform
import OALProcesses

/// The guest-side half of the app harness, written per app in
/// `guest-harness/<app>/app/` and compiled into the guest's app module: it
/// performs each of the user's taps with the app's own code, as the app's
/// screens do (its models, draft, policy gates and enforcer), and reads
/// the app's screens through its own display logic. The emulator never
/// changes the app's rules itself (docs/GUEST.md, "Taps and screens").
///
/// Every request names rules and lists by id: the harness resolved the
/// user's words against the app's own database first.
public protocol GuestAppAdapter: AnyObject, Sendable {
    // MARK: The app's database, read back

    /// Every rule and app list in the app's store, as the app has them.
    @MainActor func records() throws -> GuestDatabase

    // MARK: Taps

    @MainActor func addList(_ list: GuestListRecord) async throws -> GuestTapOutcome
    @MainActor func editList(_ list: GuestListRecord) async throws -> GuestTapOutcome
    @MainActor func deleteList(id: UUID) async throws -> GuestTapOutcome
    /// The new rule's editor, filled in as the user asked, then committed.
    @MainActor func addRule(_ rule: GuestRuleRecord) async throws -> GuestTapOutcome
    /// The rule's editor, changed to `rule`'s values where the user changed
    /// them, then committed (its Hard Mode gate first).
    @MainActor func editRule(_ rule: GuestRuleRecord) async throws -> GuestTapOutcome
    @MainActor func setEnabled(id: UUID, _ enabled: Bool) async throws -> GuestTapOutcome
    @MainActor func deleteRule(id: UUID) async throws -> GuestTapOutcome
    /// The block's way out the app offers at this commit: an unblock until
    /// the window ends, or a temporary pause (852922b).
    @MainActor func unblock(id: UUID) async throws -> GuestTapOutcome
    @MainActor func setUninstallProtection(_ enabled: Bool) async throws -> GuestTapOutcome

    // MARK: Enforcement

    /// The app's foreground refresh over its own rules (launch, loop tick).
    @MainActor func refresh(cause: String) async throws

    // MARK: Screens, through the app's display logic

    @MainActor func home() throws -> GuestHomeScreen
    @MainActor func rulesScreen() throws -> [GuestRulesSection]
    @MainActor func detail(id: UUID) throws -> GuestRuleDetail

    // MARK: What the app records and decides (the oracle's probe)

    /// The usage per rule on the day containing `date`, as the app's
    /// ledger reports it; nil when the app keeps no ledger.
    func usage(of ruleIDs: [UUID], on date: Date) -> [UUID: GuestUsage]?
    /// The rules inside a granted open session now, as the app records
    /// them; nil when the app keeps no sessions.
    func rulesInOpenSession(_ ruleIDs: [UUID]) -> Set<UUID>?
    /// What the app's foreground refresh would shield now, computed by its
    /// own enforcer against stand-in shields and discarded (nothing is
    /// written, the models' changes are rolled back); nil when the app at
    /// this commit offers no way to ask.
    @MainActor func foregroundDecision() async throws -> GuestDecision?
    /// The rule snapshots the app published for its extensions, read
    /// through its own store; nil when it keeps none.
    @MainActor func publishedSnapshots() throws -> [RuleSnapshot]?

    // MARK: Beyond rules

    @MainActor func screenTap(_ button: String, times: Int) async throws -> GuestTapOutcome
    /// A URL of the app's own (its scheme, or a universal link of its
    /// associated domains), as its scene's `onOpenURL` receives it.
    @MainActor func openURL(_ url: URL) async throws -> GuestTapOutcome
    /// A tag or code held to the phone while the app is in front: what the
    /// reader it has up (an NFC session, a scanner on a sheet) made of it;
    /// nil when it has none of that kind up.
    @MainActor func heldUp(_ held: HeldUp) async throws -> GuestTapOutcome?
    @MainActor func interventionLog() throws -> InterventionLog?
    /// The first words of the app's own commands (`profile` for Foqos):
    /// taps of screens the OpenAppLock-shaped commands do not name.
    var commands: [String] { get }
    /// One of them, as the app's screens perform it.
    @MainActor func command(_ request: GuestCommand) async throws -> GuestTapOutcome
}

/// A tap of the app's own screens: the command line's words (`profile add
/// Work`), the system picker's selection when it named apps (an encoded
/// `FamilyActivitySelection`), and a number of minutes when given.
public struct GuestCommand: Sendable, Hashable {
    public var words: [String]
    public var selection: Data?
    public var minutes: Int?

    public init(words: [String], selection: Data?, minutes: Int?) {
        self.words = words
        self.selection = selection
        self.minutes = minutes
    }
}

extension GuestAppAdapter {
    /// A tap on a button of the app's running screen (the pause screen's
    /// `pay`, ...), `times` at once. An app whose screens the harness does
    /// not reach by button refuses.
    @MainActor public func screenTap(_ button: String, times: Int) async throws -> GuestTapOutcome {
        .refused("the harness reaches no on-screen button '\(button)' of this app")
    }

    public var commands: [String] { [] }

    @MainActor public func command(_ request: GuestCommand) async throws -> GuestTapOutcome {
        .refused("this app has no command '\(request.words.joined(separator: " "))'")
    }

    /// An app whose `onOpenURL` the harness does not reach refuses, naming
    /// the URL: never a link silently dropped.
    @MainActor public func openURL(_ url: URL) async throws -> GuestTapOutcome {
        .refused("the harness delivers no URL to this app's onOpenURL (\(url.absoluteString))")
    }

    /// The tag or code goes to the reader the app's own code opened (Core
    /// NFC's sessions, CodeScanner's view on a sheet the harness showed).
    @MainActor public func heldUp(_ held: HeldUp) async throws -> GuestTapOutcome? {
        guard let api = await ReaderDelivery.present(held) else { return nil }
        return .done("read by the app's \(api)", id: nil)
    }

    /// A swift-app-intervention host's open log, for the package's
    /// contract checks; nil for any other app.
    @MainActor public func interventionLog() throws -> InterventionLog? { nil }

    /// Today's usage per rule (the emulated clock's today).
    public func usage(of ruleIDs: [UUID]) -> [UUID: GuestUsage] { usage(of: ruleIDs, on: GuestClock.now()) ?? [:] }
}

/// The app's store: its rules and lists as flat records.
public struct GuestDatabase: Hashable, Sendable {
    public var rules: [GuestRuleRecord]
    public var lists: [GuestListRecord]

    public init(rules: [GuestRuleRecord], lists: [GuestListRecord]) {
        self.rules = rules
        self.lists = lists
    }
}

/// One app list in the app's flat shape.
public struct GuestListRecord: Hashable, Sendable {
    public var id: UUID
    public var name: String
    /// An encoded `FamilyActivitySelection` (nil: no apps picked).
    public var selectionData: Data?
    public var selectionCount: Int
    public var createdAt: Date

    public init(id: UUID, name: String, selectionData: Data?, selectionCount: Int, createdAt: Date) {
        self.id = id
        self.name = name
        self.selectionData = selectionData
        self.selectionCount = selectionCount
        self.createdAt = createdAt
    }
}

/// What a tap came to.
public enum GuestTapOutcome: Hashable, Sendable {
    /// Done; the message is what the emulator prints, `id` the rule or list.
    case done(String, id: UUID?)
    /// The app said no (a Hard Mode gate, the rule cap, a list in use): exit 2.
    case refused(String)
}

/// The Home screen: its two sections.
public struct GuestHomeScreen: Hashable, Sendable, Encodable {
    public var currentlyBlocking: [GuestScreenRow]
    public var usage: [GuestScreenRow]

    public init(currentlyBlocking: [GuestScreenRow], usage: [GuestScreenRow]) {
        self.currentlyBlocking = currentlyBlocking
        self.usage = usage
    }
}

/// A row as a screen shows it: a title, a subtitle and a trailing label
/// (the emulator's `oal-app` screens have the same shape).
public struct GuestScreenRow: Hashable, Sendable, Encodable {
    public var id: String
    public var name: String
    public var kind: String
    public var subtitle: String
    public var trailing: String
    public var hardMode: Bool
    /// Only on the Rules screen's rows: a schedule's window and the rule's
    /// days, as the app's detail sheet words them ("09:00 – 17:00",
    /// "Weekdays"; the oracle's `schedule-text`). Nil: not shown.
    public var window: String?
    public var days: String?

    public init(
        id: UUID, name: String, kind: String, subtitle: String, trailing: String, hardMode: Bool,
        window: String? = nil, days: String? = nil
    ) {
        self.id = id.uuidString
        self.name = name
        self.kind = kind
        self.subtitle = subtitle
        self.trailing = trailing
        self.hardMode = hardMode
        self.window = window
        self.days = days
    }
}

public struct GuestRulesSection: Hashable, Sendable, Encodable {
    public var title: String
    public var rules: [GuestScreenRow]

    public init(title: String, rules: [GuestScreenRow]) {
        self.title = title
        self.rules = rules
    }
}

/// The rule detail sheet: its caption (kind and live status) and rows.
public struct GuestRuleDetail: Hashable, Sendable, Encodable {
    public var id: String
    public var name: String
    public var caption: String
    public var rows: [[String]]
    /// Today's usage as the app's ledger has it (limit rules).
    public var usage: DailyUsage?

    public init(id: UUID, name: String, caption: String, rows: [[String]], usage: DailyUsage?) {
        self.id = id.uuidString
        self.name = name
        self.caption = caption
        self.rows = rows
        self.usage = usage
    }
}

/// A rule's usage today, as the guest's own ledger reports it.
public struct GuestUsage: Hashable, Sendable {
    public var minutes: Int
    public var opens: Int

    public init(minutes: Int, opens: Int) {
        self.minutes = minutes
        self.opens = opens
    }
}
