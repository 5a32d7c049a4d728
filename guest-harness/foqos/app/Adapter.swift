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

final class FoqosAdapter: GuestAppWithoutRules, @unchecked Sendable {
    static let noRules = "Foqos has profiles, not the spec's rules; the harness does not map them yet"

    /// `foqosApp.init()`.
    init() {
        TimersUtil.registerBackgroundTasks()
        let asyncDependency: @Sendable () async -> (ModelContainer) = { @MainActor in foqosContainer }
        AppDependencyManager.shared.add(key: "ModelContainer", dependency: asyncDependency)
    }


    /// `HomeView`'s scene becoming active (`loadApp()`): the active session
    /// loaded, scheduled sessions synced. A loop tick is no event for Foqos.
    @MainActor func refresh(cause: String) async throws {
        guard cause != "tick" else { return }
        StrategyManager.shared.loadActiveSession(context: foqosContainer.mainContext)
    }

    // MARK: Foqos's own screens

    var commands: [String] { ["profile"] }

    /// `profile add NAME [--apps ...] [--minutes BREAK]`: the profile editor
    /// saved with the picker's apps, the manual strategy and, with
    /// `--minutes`, breaks of that allowance (`BlockedProfiles.createProfile`);
    /// `profile break`: the session's break button (`toggleBreak`);
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
            // `--minutes N`: the editor's breaks switched on, with N minutes
            // of break allowance.
            let profile = try BlockedProfiles.createProfile(
                in: context, name: words[2], selection: selection, blockingStrategyId: ManualBlockingStrategy.id,
                enableBreaks: request.minutes != nil, breakTimeInMinutes: request.minutes ?? 15)
            return .done("added profile \(profile.name)", id: profile.id)
        case ("break", 2):
            // The active session's break button (`toggleBreak`): a break
            // starts, or the one running ends.
            guard let session = strategies.activeSession else { return .refused("no profile is active") }
            let wasOnBreak = session.isBreakActive
            strategies.toggleBreak(context: context)
            strategies.loadActiveSession(context: context)
            let onBreak = strategies.activeSession?.isBreakActive == true
            guard onBreak != wasOnBreak else { return .refused("\(session.blockedProfile.name) takes no break now") }
            return .done(onBreak ? "break started" : "break ended", id: nil)
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
            return .refused("usage: profile add NAME [--apps A,B] [--minutes BREAK] | profile start NAME | profile stop | profile break")
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
}
