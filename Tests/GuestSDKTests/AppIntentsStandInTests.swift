import AppIntents
import Foundation
import Testing

/// The AppIntents stand-in as Apple documents it (docs/PLATFORM.md,
/// "AppIntents"): an intent made with `init()`, its parameters set, its
/// dependencies resolved, `perform()` run in the mode the runtime gives it.
@Suite("AppIntents stand-in")
struct AppIntentsStandInTests {
    struct Counter: Sendable { let start: Int }

    struct CountIntent: AppIntent {
        static let title: LocalizedStringResource = "Count"
        @Parameter(title: "Step") var step: Int
        @Parameter(title: "Label (Optional)") var label: String?
        @Dependency(key: "Counter") var counter: Counter

        func perform() async throws -> some IntentResult & ReturnsValue<Int> & ProvidesDialog {
            let mode = systemContext.currentMode == .background ? "background" : "foreground"
            return .result(value: counter.start + step, dialog: "\(label ?? "no label") in the \(mode)")
        }
    }

    struct PauseIntent: AppIntent {
        static let title: LocalizedStringResource = "Pause"
        static let supportedModes: IntentModes = [.background, .foreground(.dynamic)]

        func perform() async throws -> some IntentResult & ReturnsValue<String> {
            let before = systemContext.currentMode
            try await continueInForeground(alwaysConfirm: false)
            let after = systemContext.currentMode
            return .result(value: "\(before) then \(after)")
        }
    }

    struct BackgroundOnlyIntent: AppIntent {
        static let title: LocalizedStringResource = "Quiet"
        func perform() async throws -> some IntentResult {
            try await continueInForeground()
            return .result()
        }
    }

    struct HandOverIntent: AppIntent {
        static let title: LocalizedStringResource = "Hand over"
        static let supportedModes: IntentModes = [.background, .foreground(.dynamic)]
        func perform() async throws -> some IntentResult {
            if Self.title.key.isEmpty { return .result() }
            throw needsToContinueInForegroundError("Continue in the app", alwaysConfirm: false)
        }
    }

    struct OpenFirstIntent: AppIntent {
        static let title: LocalizedStringResource = "Open first"
        static let supportedModes: IntentModes = .foreground
        func perform() async throws -> some IntentResult & ReturnsValue<Bool> {
            .result(value: systemContext.currentMode == .foreground)
        }
    }

    struct EndForegroundIntent: AppIntent {
        static let title: LocalizedStringResource = "End in front"
        static let supportedModes: IntentModes = [.background, .foreground(.deferred)]
        func perform() async throws -> some IntentResult & ReturnsValue<Bool> {
            .result(value: systemContext.currentMode == .foreground)
        }
    }

    struct ProfileEntity: AppEntity {
        let id: UUID
        let name: String
        static let typeDisplayRepresentation = TypeDisplayRepresentation(name: "Profile")
        static let defaultQuery = ProfileQuery()
        var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(name)") }
        static let all = [
            ProfileEntity(id: UUID(uuidString: "00000000-0000-4000-8000-000000000001")!, name: "Work"),
            ProfileEntity(id: UUID(uuidString: "00000000-0000-4000-8000-000000000002")!, name: "Sleep"),
        ]
    }

    struct ProfileQuery: EntityQuery {
        func entities(for identifiers: [UUID]) async throws -> [ProfileEntity] {
            ProfileEntity.all.filter { identifiers.contains($0.id) }
        }
        func suggestedEntities() async throws -> [ProfileEntity] { ProfileEntity.all }
    }

    struct StartIntent: AppIntent {
        static let title: LocalizedStringResource = "Start"
        @Parameter(title: "Profile") var profile: ProfileEntity
        @Parameter(title: "Also (Optional)") var also: ProfileEntity?
        func perform() async throws -> some IntentResult & ReturnsValue<String> {
            .result(value: profile.name + (also.map { " and \($0.name)" } ?? ""))
        }
    }

    /// https://developer.apple.com/documentation/appintents/entityquery:
    /// a saved action keeps an entity's identifier, and the system finds the
    /// entity again with `entities(for:)` when it runs; the person picked it
    /// from `suggestedEntities()` by its display representation. A step may
    /// name it either way; the runtime resolves it before `perform()`.
    @Test func anEntityParameterIsFoundByItsQueryBeforePerform() async throws {
        let byName = StartIntent()
        #expect(byName.parameters["profile"]?.set(fromText: "Work") == true)
        #expect(byName.parameters["also"]?.set(fromText: "00000000-0000-4000-8000-000000000002") == true)
        #expect(byName.parameters["profile"]?.hasValue == true)
        let report = try await IntentRuntime.perform(byName, in: run(Frontmost()))
        #expect(report.value == "Work and Sleep")

        let missing = StartIntent()
        #expect(missing.parameters["profile"]?.set(fromText: "Gym") == true)
        do {
            _ = try await IntentRuntime.perform(missing, in: run(Frontmost()))
            Issue.record("a profile the query does not find was accepted")
        } catch {
            #expect("\(error)".contains("Profile 'Gym'"), "\(error)")
            #expect("\(error)".contains("Work, Sleep"), "\(error)")
        }
    }

    /// Counts the times the device was asked to bring the app forward.
    final class Frontmost: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        var times: Int { lock.withLock { count } }
        func bring() { lock.withLock { count += 1 } }
    }

    func run(canComeForward: Bool = true, _ frontmost: Frontmost) -> IntentRuntime.Run {
        IntentRuntime.Run(foreground: false, canComeForward: canComeForward) { frontmost.bring() }
    }

    @Test func anIntentRunsInTheBackgroundWithItsParametersAndDependencies() async throws {
        AppDependencyManager.shared.add(key: "Counter") { Counter(start: 40) }
        let intent = CountIntent()
        intent.step = 2
        #expect(intent.label == nil)
        let frontmost = Frontmost()
        let report = try await IntentRuntime.perform(intent, in: run(frontmost))
        #expect(report.value == "42")
        #expect(report.dialog == "no label in the background")
        #expect(frontmost.times == 0)
    }

    /// https://developer.apple.com/documentation/appintents/appintent/continueinforeground(_:alwaysconfirm:)
    @Test func continueInForegroundMakesTheAppFrontmost() async throws {
        let frontmost = Frontmost()
        let running = run(frontmost)
        let report = try await IntentRuntime.perform(PauseIntent(), in: running)
        #expect(report.value == "background then foreground")
        #expect(frontmost.times == 1)
        #expect(running.events == ["foreground (continueInForeground)"])
    }

    @Test func anAppThatCannotComeForwardMakesContinueInForegroundThrow() async throws {
        let frontmost = Frontmost()
        let running = run(canComeForward: false, frontmost)
        await #expect(throws: AppIntentError.self) { try await IntentRuntime.perform(PauseIntent(), in: running) }
        #expect(frontmost.times == 0)
        #expect(running.events == ["foreground refused (continueInForeground)"])
    }

    @Test func aBackgroundOnlyIntentCannotContinueInForeground() async throws {
        let frontmost = Frontmost()
        do {
            _ = try await IntentRuntime.perform(BackgroundOnlyIntent(), in: run(frontmost))
            Issue.record("continueInForeground from a background-only intent did not throw")
        } catch let error as AppIntentError {
            #expect(error.code == .unsupportedMode)
        }
        #expect(frontmost.times == 0)
    }

    /// https://developer.apple.com/documentation/appintents/appintent/needstocontinueinforegrounderror(_:alwaysconfirm:)
    /// ("Asks the person to continue the intent's action in the
    /// foreground"): thrown from `perform()`, the app comes forward and the
    /// run ends with the dialog; refused when it cannot come forward.
    @Test func throwingNeedsToContinueInForegroundBringsTheAppForward() async throws {
        let frontmost = Frontmost()
        let running = run(frontmost)
        let report = try await IntentRuntime.perform(HandOverIntent(), in: running)
        #expect(report.dialog == "Continue in the app")
        #expect(frontmost.times == 1)
        #expect(running.events == ["foreground (needsToContinueInForegroundError)"])
        await #expect(throws: AppIntentError.self) {
            try await IntentRuntime.perform(HandOverIntent(), in: run(canComeForward: false, Frontmost()))
        }
    }

    /// https://developer.apple.com/documentation/appintents/intentmodes/foregroundmode/deferred
    /// ("the system transitions the app to the foreground at the end of
    /// your perform() method") and .../immediate (before the action runs).
    @Test func immediateComesForwardBeforePerformAndDeferredAtItsEnd() async throws {
        let first = Frontmost()
        #expect(try await IntentRuntime.perform(OpenFirstIntent(), in: run(first)).value == "true")
        #expect(first.times == 1)
        let last = Frontmost()
        let running = run(last)
        #expect(try await IntentRuntime.perform(EndForegroundIntent(), in: running).value == "false")
        #expect(last.times == 1)
        #expect(running.events == ["foreground (deferred)"])
    }

    /// `perform()` called directly (a unit test) has no runtime: it runs in
    /// the background and cannot come forward.
    @Test func performCalledDirectlyRunsInTheBackgroundAndCannotComeForward() async throws {
        #expect(PauseIntent().systemContext.currentMode == .background)
        #expect(!PauseIntent().systemContext.currentMode.canContinueInForeground)
        await #expect(throws: AppIntentError.self) { try await PauseIntent().perform() }
    }

    /// Apple's metadata extractor writes `supportedModes: 9` for
    /// `[.background, .foreground(.dynamic)]` (swift-app-intervention's
    /// AppIntentForegroundContinuation.swift) and 1 for background only.
    @Test func theModesHaveApplesRawValues() {
        #expect(PauseIntent.supportedModes.rawValue == 9)
        #expect(BackgroundOnlyIntent.supportedModes.rawValue == 1)
        #expect(IntentModes.foreground == .foreground(.immediate))
        #expect(IntentModes.Current.foreground != .background)
    }
}
