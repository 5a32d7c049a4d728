/// `IntentModes` (iOS 26): where an intent's `perform()` may run.
/// https://developer.apple.com/documentation/appintents/intentmodes
///
/// The raw values are Apple's as its metadata extractor writes them
/// (`supportedModes: 9` in `extract.actionsdata` for `[.background,
/// .foreground(.dynamic)]`, as swift-app-intervention's adapter notes):
/// background 1, immediate 2, deferred 4, dynamic 8.
public struct IntentModes: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// The action runs entirely in the background.
    public static let background = IntentModes(rawValue: 1)
    /// The action needs the foreground; the same as `.foreground(.immediate)`.
    public static let foreground = IntentModes(rawValue: ForegroundMode.immediate.bit)

    public static func foreground(_ foregroundMode: ForegroundMode) -> IntentModes {
        IntentModes(rawValue: foregroundMode.bit)
    }

    /// When and how the system brings the app forward.
    /// https://developer.apple.com/documentation/appintents/intentmodes/foregroundmode
    public struct ForegroundMode: Sendable, Hashable {
        let bit: Int
        /// The app comes to the foreground before the action runs.
        public static let immediate = ForegroundMode(bit: 2)
        /// The app comes to the foreground while the action runs, or at its end.
        public static let deferred = ForegroundMode(bit: 4)
        /// The action runs in the background and may ask to come forward.
        public static let dynamic = ForegroundMode(bit: 8)
    }

    /// Where the running intent is now: `systemContext.currentMode`.
    /// https://developer.apple.com/documentation/appintents/intentmodes/current
    /// ("compare the value … to the static values this type defines"):
    /// equality is foreground or background only.
    public struct Current: Sendable, Equatable, CustomStringConvertible {
        let isForeground: Bool
        /// Whether the system would bring the app forward now.
        public let canContinueInForeground: Bool

        public init(isForeground: Bool, canContinueInForeground: Bool) {
            self.isForeground = isForeground
            self.canContinueInForeground = canContinueInForeground
        }

        public static let background = Current(isForeground: false, canContinueInForeground: false)
        public static let foreground = Current(isForeground: true, canContinueInForeground: false)

        public static func == (lhs: Current, rhs: Current) -> Bool { lhs.isForeground == rhs.isForeground }

        public var description: String { isForeground ? "foreground" : "background" }
    }
}
