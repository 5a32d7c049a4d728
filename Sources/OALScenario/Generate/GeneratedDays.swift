/// Which app's vocabulary a generated day speaks (`--vocabulary`): OpenAppLock's
/// rules (`DayGenerator`) or Foqos's profiles (`FoqosDayGenerator`). A
/// guest judged on a model of its own needs days its model reads.
public enum GeneratedDays: String, CaseIterable, Sendable, Hashable {
    case openapplock
    case foqos

    /// The scenario text of seed `seed`.
    public func text(seed: UInt64) -> String {
        switch self {
        case .openapplock: DayGenerator.text(seed: seed)
        case .foqos: FoqosDayGenerator.text(seed: seed)
        }
    }

    /// `--vocabulary NAME`, in any case.
    public static func named(_ name: String) -> GeneratedDays? { GeneratedDays(rawValue: name.lowercased()) }

    /// The names `--vocabulary` takes, for a usage message.
    public static var choices: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
