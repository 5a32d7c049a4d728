import AppIntents
import Foundation

/// "Is a Mini rule blocking now?": a background intent a Shortcuts
/// automation can run (it returns a Bool and says so).
struct CheckBlockingIntent: AppIntent {
    static let title: LocalizedStringResource = "Is Mini Blocking?"
    static let description = IntentDescription("Whether one of Mini's rules blocks apps now.")

    @Parameter(title: "Rule name (Optional)") var ruleName: String?

    func perform() async throws -> some IntentResult & ReturnsValue<Bool> & ProvidesDialog {
        let rules = MiniStore.load().filter { ruleName == nil || $0.name == ruleName }
        let blocking = rules.contains { $0.isActive(at: Date(), calendar: Calendar.current) }
        return .result(
            value: blocking,
            dialog: "\(blocking ? "Mini is blocking" : "Mini is not blocking") (\(rules.count) rule(s))")
    }
}

/// "Review Mini's rules": decides in the background, then asks to continue
/// in the foreground when a rule is active (iOS 26's dynamic mode).
struct ReviewRulesIntent: AppIntent {
    static let title: LocalizedStringResource = "Review Mini Rules"
    static let supportedModes: IntentModes = [.background, .foreground(.dynamic)]

    @Parameter(title: "Always show") var always: Bool

    init() {}

    func perform() async throws -> some IntentResult & ReturnsValue<String> {
        let active = MiniStore.load().filter { $0.isActive(at: Date(), calendar: Calendar.current) }
        guard always || !active.isEmpty else { return .result(value: "nothing to review") }
        try await continueInForeground(
            IntentDialog("Open Mini to review \(active.count) active rule(s)?"), alwaysConfirm: false)
        return .result(value: "reviewing \(active.count) active rule(s)")
    }
}
