// The app harness for Foqos. What `foqosApp.init` and `HomeView` do at
// launch, with Foqos's own types: the SwiftData container of its two
// models (the legacy NFC/QR backfill run on it), the background task
// registered, the container registered as the App Intents dependency its
// intents and entity query read (`@Dependency(key: "ModelContainer")`),
// and the active session loaded when the scene becomes active.
//
// Foqos's profiles are not the spec's rules (a profile has a strategy, a
// session, breaks; docs/FOQOS.md): the rule taps refuse, and the harness
// declares that no spec model of Foqos exists yet (`option no-spec-model`
// in `findings`), so the oracle names every spec check unjudged.
import AppIntents
import FamilyControls
import Foundation
import GuestHarness
import GuestRuntime
import OALDomain
import OALProcesses
import OALSystem
import SwiftData

/// `foqosApp.swift`'s container (its own is file-private there): made on
/// first use, on the main actor, with the legacy NFC/QR fields backfilled.
@MainActor let foqosContainer: ModelContainer = {
    do {
        let container = try ModelContainer(for: BlockedProfileSession.self, BlockedProfiles.self)
        try PhysicalUnblockMigrationHelper.migrateOldPhysicalUnblockFields(in: container.mainContext)
        return container
    } catch {
        fatalError("Couldn't create ModelContainer: \(error)")
    }
}()

final class FoqosAdapter: GuestAppAdapter, @unchecked Sendable {
    static let noRules = "Foqos has profiles, not the spec's rules; the harness does not map them yet"

    /// `foqosApp.init()`.
    init() {
        TimersUtil.registerBackgroundTasks()
        let asyncDependency: @Sendable () async -> (ModelContainer) = { @MainActor in foqosContainer }
        AppDependencyManager.shared.add(key: "ModelContainer", dependency: asyncDependency)
    }

    @MainActor func records() throws -> GuestDatabase { GuestDatabase(rules: [], lists: []) }
    @MainActor func addList(_ list: GuestListRecord) async throws -> GuestTapOutcome { .refused(Self.noRules) }
    @MainActor func editList(_ list: GuestListRecord) async throws -> GuestTapOutcome { .refused(Self.noRules) }
    @MainActor func deleteList(id: UUID) async throws -> GuestTapOutcome { .refused(Self.noRules) }
    @MainActor func addRule(_ rule: GuestRuleRecord) async throws -> GuestTapOutcome { .refused(Self.noRules) }
    @MainActor func editRule(_ rule: GuestRuleRecord) async throws -> GuestTapOutcome { .refused(Self.noRules) }
    @MainActor func setEnabled(id: UUID, _ enabled: Bool) async throws -> GuestTapOutcome { .refused(Self.noRules) }
    @MainActor func deleteRule(id: UUID) async throws -> GuestTapOutcome { .refused(Self.noRules) }
    @MainActor func unblock(id: UUID) async throws -> GuestTapOutcome { .refused(Self.noRules) }
    @MainActor func setUninstallProtection(_ enabled: Bool) async throws -> GuestTapOutcome {
        .refused(Self.noRules)
    }

    /// `HomeView`'s scene becoming active (`loadApp()`): the active session
    /// loaded, scheduled sessions synced. A loop tick is no event for Foqos.
    @MainActor func refresh(cause: String) async throws {
        guard cause != "tick" else { return }
        StrategyManager.shared.loadActiveSession(context: foqosContainer.mainContext)
    }

    // MARK: Foqos's own screens

    var commands: [String] { ["profile"] }

    /// `profile add NAME [--apps ...]`: the profile editor saved with the
    /// picker's apps and the manual strategy (`BlockedProfiles.createProfile`);
    /// `profile start NAME` / `profile stop`: the Home screen's profile
    /// button (`StrategyManager.toggleBlocking`, as `HomeView.startProfile`
    /// calls it). A start that asks for a view (a strategy needing a tag or
    /// a code) is named: no screen shows it here.
    @MainActor func command(_ request: GuestCommand) async throws -> GuestTapOutcome {
        let context = foqosContainer.mainContext
        let strategies = StrategyManager.shared
        strategies.loadActiveSession(context: context)
        let words = request.words
        switch (words.dropFirst().first, words.count) {
        case ("add", 3):
            var selection = FamilyActivitySelection()
            if let data = request.selection { selection = try JSONDecoder().decode(FamilyActivitySelection.self, from: data) }
            let profile = try BlockedProfiles.createProfile(
                in: context, name: words[2], selection: selection, blockingStrategyId: ManualBlockingStrategy.id)
            return .done("added profile \(profile.name)", id: profile.id)
        case ("start", 3):
            guard let profile = try BlockedProfiles.fetchProfiles(in: context).first(where: { $0.name == words[2] })
            else { return .refused("no profile named '\(words[2])'") }
            guard !strategies.isBlocking else {
                return .refused("Stop the active profile before starting another one.")
            }
            strategies.errorMessage = nil
            strategies.toggleBlocking(context: context, activeProfile: profile)
            if let error = strategies.errorMessage { return .refused(error) }
            if strategies.showCustomStrategyView { return .refused("\(profile.name)'s strategy asks for its own view") }
            strategies.loadActiveSession(context: context)
            return .done("started \(profile.name)", id: profile.id)
        case ("stop", 2):
            guard let session = strategies.activeSession else { return .refused("no profile is active") }
            let name = session.blockedProfile.name
            strategies.toggleBlocking(context: context, activeProfile: session.blockedProfile)
            if strategies.showCustomStrategyView { return .refused("\(name)'s strategy asks for its own view") }
            strategies.loadActiveSession(context: context)
            return .done("stopped \(name)", id: nil)
        default:
            return .refused("usage: profile add NAME [--apps A,B] | profile start NAME | profile stop")
        }
    }

    /// `foqosApp`'s `onOpenURL` (`https://foqos.app/profile/<UUID>`, its
    /// associated domain): `NavigationManager.handleLink`, then what
    /// `HomeView` does when its `profileId` changes (the session toggled
    /// from the link, as a tag's link does) or its `navigateToProfileId`
    /// does (the profile picker, a sheet no screen draws here).
    @MainActor func openURL(_ url: URL) async throws -> GuestTapOutcome {
        let navigation = NavigationManager()
        navigation.handleLink(url)
        let strategies = StrategyManager.shared
        if let profileId = navigation.profileId, let link = navigation.link {
            strategies.errorMessage = nil
            strategies.toggleSessionFromDeeplink(profileId, url: link, context: foqosContainer.mainContext)
            navigation.clearNavigation()
            if let error = strategies.errorMessage { return .refused(error) }
            strategies.loadActiveSession(context: foqosContainer.mainContext)
            return .done(strategies.isBlocking ? "session started by link" : "session stopped by link", id: nil)
        }
        if let profileId = navigation.navigateToProfileId {
            navigation.clearNavigation()
            return .done("the profile picker for \(profileId)", id: nil)
        }
        return .refused("Foqos's handleLink ignores \(url.absoluteString)")
    }

    @MainActor func home() throws -> GuestHomeScreen { GuestHomeScreen(currentlyBlocking: [], usage: []) }
    @MainActor func rulesScreen() throws -> [GuestRulesSection] { [] }
    @MainActor func detail(id: UUID) throws -> GuestRuleDetail { throw ProcessFailure.refused(Self.noRules) }

    // No spec model: the probe has nothing the spec's checks would read.
    func usage(of ruleIDs: [UUID], on date: Date) -> [UUID: GuestUsage]? { nil }
    func rulesInOpenSession(_ ruleIDs: [UUID]) -> Set<UUID>? { nil }
    @MainActor func foregroundDecision() async throws -> GuestDecision? { nil }
    @MainActor func publishedSnapshots() throws -> [RuleSnapshot]? { nil }
}
