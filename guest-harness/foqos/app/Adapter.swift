// The app harness for Foqos. What `foqosApp.init` and `HomeView` do at
// launch, with Foqos's own types: the SwiftData container of its two
// models (the legacy NFC/QR backfill run on it), the background task
// registered, the container registered as the App Intents dependency its
// intents and entity query read (`@Dependency(key: "ModelContainer")`),
// and the active session loaded when the scene becomes active.
//
// Foqos's profiles are not the spec's rules (a profile has a strategy, a
// session, breaks; docs/FOQOS.md): the rule taps refuse, and the harness
// names the model the oracle judges Foqos by instead (`option spec-model
// foqos` in `findings`; docs/FOQOS_SPEC.md).
import AppIntents
import CodeScanner
import FamilyControls
import Foundation
import GuestHarness
import GuestRuntime
import OALDomain
import OALPlatform
import OALProcesses
import OALSystem
import SwiftData
import SwiftUI

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
        // The singletons its root view places in the environment
        // (`.environmentObject`), which the sheets its strategies put up read.
        MainActor.assumeIsolated {
            RootEnvironment.supply(StrategyManager.shared)
            RootEnvironment.supply(LiveActivityManager.shared)
            RootEnvironment.supply(ThemeManager.shared)
            RootEnvironment.supply(AlertsManager.shared)
        }
    }

    /// `HomeView`'s scene becoming active (`loadApp()`): the active session
    /// loaded, scheduled sessions synced. A loop tick is no event for Foqos.
    @MainActor func refresh(cause: String) async throws {
        guard cause != "tick" else { return }
        StrategyManager.shared.loadActiveSession(context: foqosContainer.mainContext)
    }

    // MARK: Foqos's own screens

    var commands: [String] { ["profile"] }

    /// `profile add NAME [--apps ...] [--minutes BREAK] [strategy=S]
    /// [unlock-nfc=TAG] [unlock-qr=CODE] [schedule=DAYS@HH:MM-HH:MM]`: the
    /// profile editor saved with the
    /// picker's apps, a strategy (manual unless named; `S` is a Foqos
    /// strategy's id, or its short name: the id without
    /// `BlockingStrategy`, lowercased, as `nfc`, `qrcode`, `nfcmanual`),
    /// breaks of `--minutes` allowance, and strict unlock items: a tag (its
    /// code as Foqos reads the device's tag, the hex of its UID) or a code,
    /// and a schedule (`mon,wed@09:00-10:00`, `daily@...`: the days and
    /// times its schedule picker sets): `BlockedProfiles.createProfile`,
    /// then `DeviceActivityCenterUtil.scheduleTimerActivity` as the draft's
    /// save calls it;
    /// `profile break`: the session's break button (`toggleBreak`);
    /// `profile start NAME` / `profile stop`: the Home screen's profile
    /// button (`StrategyManager.toggleBlocking`, as `HomeView.startProfile`
    /// calls it). A one-shot tap cannot wait for a tag or a code: a strategy
    /// that asks for one is started with `tap start:NAME` on the running app.
    @MainActor func command(_ request: GuestCommand) async throws -> GuestTapOutcome {
        let context = foqosContainer.mainContext
        let strategies = StrategyManager.shared
        strategies.loadActiveSession(context: context)
        let split = SettingWords(request.words)
        let settings = split.settings
        let words = split.plain
        switch (words.dropFirst().first, words.count) {
        case ("add", 3):
            var selection = FamilyActivitySelection()
            if let data = request.selection {
                selection = try JSONDecoder().decode(FamilyActivitySelection.self, from: data)
            }
            guard let strategy = Self.strategyId(settings["strategy"] ?? "manual") else {
                return .refused(
                    "no Foqos strategy '\(settings["strategy"] ?? "")' (\(Self.strategyNames.joined(separator: ", ")))")
            }
            var unlocks: [PhysicalUnblockItem] = []
            if let tag = settings["unlock-nfc"] {
                unlocks.append(PhysicalUnblockItem(name: tag, type: .nfc, codeValue: Data(tag.utf8).hexEncodedString()))
            }
            if let code = settings["unlock-qr"] {
                unlocks.append(PhysicalUnblockItem(name: code, type: .qrCode, codeValue: code))
            }
            var schedule: BlockedProfileSchedule?
            if let text = settings["schedule"] {
                guard let parsed = Self.schedule(text) else {
                    return .refused(
                        "schedule=\(text): want DAYS@HH:MM-HH:MM, DAYS a comma list of mon...sun, or daily or weekdays")
                }
                schedule = parsed
            }
            // `--minutes N`: the editor's breaks switched on, with N minutes
            // of break allowance.
            let profile = try BlockedProfiles.createProfile(
                in: context, name: words[2], selection: selection, blockingStrategyId: strategy,
                enableBreaks: request.minutes != nil, breakTimeInMinutes: request.minutes ?? 15,
                physicalUnblockItems: unlocks.isEmpty ? nil : unlocks, schedule: schedule)
            DeviceActivityCenterUtil.scheduleTimerActivity(for: profile)
            return .done("added profile \(profile.name)", id: profile.id)
        case ("break", 2):
            return toggleBreak()
        case ("start", 3):
            return try await press(start: words[2], waiting: false)
        case ("stop", 2):
            return try await press(start: nil, waiting: false)
        default:
            return .refused(
                "usage: profile add NAME [--apps A,B] [--minutes BREAK] [strategy=S] [unlock-nfc=TAG] [unlock-qr=CODE]"
                    + " [schedule=DAYS@HH:MM-HH:MM]"
                    + " | profile start NAME | profile stop | profile break")
        }
    }

    /// The running app's Home screen: `start:NAME` (the profile's start
    /// button) and `stop` (the active profile's). A strategy that asks for
    /// a tag or a code leaves its NFC sheet or its scanner up, for the next
    /// `nfc scan` or `qr scan`.
    @MainActor func screenTap(_ button: String, times: Int) async throws -> GuestTapOutcome {
        if button == "stop" { return try await press(start: nil, waiting: true) }
        if button == "break" { return toggleBreak() }
        if button.hasPrefix("start:") { return try await press(start: String(button.dropFirst(6)), waiting: true) }
        if button.hasPrefix("minutes:"), let minutes = Int(button.dropFirst(8)) { return chooseDuration(minutes) }
        if button.hasPrefix("access:") {
            let numbers = button.dropFirst(7).split(separator: ",").compactMap { Int($0) }
            if numbers.count == 2 { return chooseAccess(opens: numbers[0], minutes: numbers[1]) }
        }
        return .refused(
            "Foqos's Home screen has no button '\(button)' here (start:NAME, stop, break, minutes:N, access:OPENS,MINUTES)"
        )
    }

    /// The active session's break button (`toggleBreak`): a break starts,
    /// or the one running ends.
    @MainActor private func toggleBreak() -> GuestTapOutcome {
        let context = foqosContainer.mainContext
        let strategies = StrategyManager.shared
        strategies.loadActiveSession(context: context)
        guard let session = strategies.activeSession else { return .refused("no profile is active") }
        let wasOnBreak = session.isBreakActive
        strategies.toggleBreak(context: context)
        strategies.loadActiveSession(context: context)
        let onBreak = strategies.activeSession?.isBreakActive == true
        guard onBreak != wasOnBreak else { return .refused("\(session.blockedProfile.name) takes no break now") }
        return .done(onBreak ? "break started" : "break ended", id: nil)
    }

    /// `access:OPENS,MINUTES` on the sheet a temporary-access strategy puts
    /// up (`SoftUnblockConfigurationView`): its two steppers set and its
    /// "Start Blocking" tapped, which calls the sheet's `onStart` as the
    /// button does, with the allowance reset it starts with (none). A count
    /// or a length outside the steppers' ranges (Foqos's
    /// `SoftUnblockStrategyData` ranges) is refused, as a stepper stops there.
    @MainActor private func chooseAccess(opens: Int, minutes: Int) -> GuestTapOutcome {
        let strategies = StrategyManager.shared
        guard strategies.showCustomStrategyView, let sheet = strategies.customStrategyView,
            let access = ViewTree.views(of: SoftUnblockConfigurationView.self, in: sheet).first
        else {
            return .refused("no sheet asks for temporary access")
        }
        guard SoftUnblockStrategyData.unblockCountRange.contains(opens) else {
            return .refused("the opens stepper goes from \(SoftUnblockStrategyData.unblockCountRange)")
        }
        guard SoftUnblockStrategyData.durationRange.contains(minutes) else {
            return .refused("the length stepper goes from \(SoftUnblockStrategyData.durationRange) minutes")
        }
        strategies.errorMessage = nil
        access.onStart(
            SoftUnblockStrategyData(
                accessDurationInMinutes: minutes, maximumUnblockCount: opens, allowanceResetIntervalInHours: nil))
        if let error = strategies.errorMessage { return .refused(error) }
        strategies.loadActiveSession(context: foqosContainer.mainContext)
        let now = strategies.activeSession.map { "\($0.blockedProfile.name) is active" } ?? "no profile is active"
        return .done("\(opens) opens of \(minutes) minutes: \(now)", id: nil)
    }

    /// `DAYS@HH:MM-HH:MM` as Foqos's schedule picker sets it: `daily`,
    /// `weekdays`, or days by the first three letters of their names.
    static func schedule(_ text: String) -> BlockedProfileSchedule? {
        let parts = text.split(separator: "@")
        guard parts.count == 2 else { return nil }
        let times = parts[1].split(separator: "-").map { $0.split(separator: ":").compactMap { Int($0) } }
        guard times.count == 2,
            times.allSatisfy({ $0.count == 2 && (0..<24).contains($0[0]) && (0..<60).contains($0[1]) })
        else { return nil }
        var days: [Weekday] = []
        for word in parts[0].lowercased().split(separator: ",") {
            switch word {
            case "daily": days += Weekday.allCases
            case "weekdays": days += Weekday.allCases.filter { $0 != .saturday && $0 != .sunday }
            default:
                guard word.count >= 3, let day = Weekday.allCases.first(where: { $0.name.lowercased().hasPrefix(word) })
                else { return nil }
                days.append(day)
            }
        }
        return BlockedProfileSchedule(
            days: days, startHour: times[0][0], startMinute: times[0][1], endHour: times[1][0],
            endMinute: times[1][1], updatedAt: Date())
    }

    /// `minutes:N` on the sheet a timer strategy puts up (`TimerDurationView`,
    /// `PauseDurationView`): its slider set to N and its start button
    /// tapped, which calls the sheet's `onDurationSelected` as the button
    /// does. N outside the slider's own bounds (read from the view) is
    /// refused, as the slider cannot reach it.
    @MainActor private func chooseDuration(_ minutes: Int) -> GuestTapOutcome {
        let strategies = StrategyManager.shared
        guard strategies.showCustomStrategyView, let sheet = strategies.customStrategyView else {
            return .refused("no sheet asks for a duration")
        }
        if let timer = ViewTree.views(of: TimerDurationView.self, in: sheet).first {
            if let refusal = Self.outsideSlider(minutes, of: timer) { return refusal }
            strategies.errorMessage = nil
            timer.onDurationSelected(StrategyTimerData(durationInMinutes: minutes, hideStopButton: false))
        } else if let pause = ViewTree.views(of: PauseDurationView.self, in: sheet).first {
            if let refusal = Self.outsideSlider(minutes, of: pause) { return refusal }
            strategies.errorMessage = nil
            pause.onDurationSelected(minutes)
        } else {
            return .refused("the sheet up asks for no duration")
        }
        if let error = strategies.errorMessage { return .refused(error) }
        strategies.loadActiveSession(context: foqosContainer.mainContext)
        let now = strategies.activeSession.map { "\($0.blockedProfile.name) is active" } ?? "no profile is active"
        return .done("\(minutes) minutes chosen: \(now)", id: nil)
    }

    /// The slider's bounds, as the sheet keeps them (`minMinutes`,
    /// `maxMinutes`), read from the view rather than restated here.
    static func outsideSlider(_ minutes: Int, of sheet: Any) -> GuestTapOutcome? {
        let fields = Dictionary(
            Mirror(reflecting: sheet).children.compactMap { child in
                (child.value as? Double).flatMap { value in child.label.map { ($0, value) } }
            }, uniquingKeysWith: { first, _ in first })
        guard let low = fields["minMinutes"], let high = fields["maxMinutes"] else { return nil }
        guard Double(minutes) < low || Double(minutes) > high else { return nil }
        return .refused("the slider goes from \(Int(low)) to \(Int(high)) minutes")
    }

    /// The profile button: `toggleBlocking` with the profile named (start)
    /// or the active one (stop). `waiting`: the app keeps running, so a
    /// reader the strategy opened stays up; a one-shot tap refuses it.
    @MainActor private func press(start name: String?, waiting: Bool) async throws -> GuestTapOutcome {
        let context = foqosContainer.mainContext
        let strategies = StrategyManager.shared
        strategies.loadActiveSession(context: context)
        let profile: BlockedProfiles
        if let name {
            guard let named = try BlockedProfiles.fetchProfiles(in: context).first(where: { $0.name == name })
            else { return .refused("no profile named '\(name)'") }
            guard !strategies.isBlocking else {
                return .refused("Stop the active profile before starting another one.")
            }
            profile = named
        } else {
            guard let session = strategies.activeSession else { return .refused("no profile is active") }
            profile = session.blockedProfile
        }
        strategies.errorMessage = nil
        strategies.toggleBlocking(context: context, activeProfile: profile)
        if let error = strategies.errorMessage { return .refused(error) }
        let verb = name == nil ? "stop" : "start"
        if strategies.showCustomStrategyView, let sheet = strategies.customStrategyView {
            guard waiting else {
                return .refused("\(profile.name)'s strategy asks for its own view (tap \(verb) on the running app)")
            }
            if CodeScannerView.showScanners(in: sheet) > 0 {
                return .done("the scanner to \(verb) \(profile.name) is up", id: profile.id)
            }
            return .done("the sheet to \(verb) \(profile.name) is up (\(type(of: sheet)))", id: profile.id)
        }
        if DeviceReaders.shared.newest(.nfc) != nil {
            guard waiting else {
                return .refused("\(profile.name)'s strategy asks for an NFC tag (tap \(verb) on the running app)")
            }
            return .done("the NFC sheet to \(verb) \(profile.name) is up", id: profile.id)
        }
        strategies.loadActiveSession(context: context)
        return .done(name == nil ? "stopped \(profile.name)" : "started \(profile.name)", id: profile.id)
    }

    /// A tag or code for the reader the app has up: read by Foqos's own
    /// code (its `NFCScannerUtil`, its `LabeledCodeScannerView`); the
    /// message its strategy shows for a tag or code it does not take is
    /// the refusal.
    @MainActor func heldUp(_ held: HeldUp) async throws -> GuestTapOutcome? {
        let strategies = StrategyManager.shared
        strategies.errorMessage = nil
        guard let api = await ReaderDelivery.present(held) else { return nil }
        if let error = strategies.errorMessage { return .refused(error) }
        strategies.loadActiveSession(context: foqosContainer.mainContext)
        let now = strategies.activeSession.map { "\($0.blockedProfile.name) is active" } ?? "no profile is active"
        return .done("\(api) read \(held.value): \(now)", id: nil)
    }

    /// Foqos's strategies, each by its id and its short name.
    static var strategyNames: [String] {
        StrategyManager.availableStrategies.map { shortName(of: $0.getIdentifier()) }
    }

    static func shortName(of id: String) -> String {
        id.replacingOccurrences(of: "BlockingStrategy", with: "").lowercased()
    }

    static func strategyId(_ name: String) -> String? {
        StrategyManager.availableStrategies.map { $0.getIdentifier() }
            .first { $0 == name || shortName(of: $0) == name.lowercased() }
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
