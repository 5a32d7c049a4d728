/// What the emulated OS says is frontmost, `<root>/system/foreground.json`
/// (docs/PROCESSES.md, "The foreground loop hand-shake"): written by the
/// device only, read by the app's foreground loop.
public struct ForegroundState: Codable, Hashable, Sendable {
    public var formatVersion: Int
    /// Bundle id of the frontmost app; nil on the home screen or a shield.
    public var frontmost: String?
    /// Counts the times the app came to the front: a new one is a launch.
    public var session: Int?
    /// The instant the loop must next refresh at, in the trace's format
    /// (ISO 8601, UTC, ms).
    public var tick: String?
    /// The loop is asked to stop.
    public var shutdown: Bool?
    /// Free-running only: the loop refreshes on its own every this many
    /// emulated seconds, with no tick published or waited for.
    public var tickEvery: Double?
    /// A tap on a button of the frontmost app's screen, delivered to its
    /// running process (its in-memory screen state is there, as on iOS).
    public var tap: ScreenTap?
    /// An App Intent for the app's running process, in front or not: iOS
    /// runs an intent in the app's process when it is alive.
    public var intent: IntentRequest?

    public init(
        frontmost: String?, session: Int?, tick: String? = nil, shutdown: Bool? = nil, tickEvery: Double? = nil
    ) {
        formatVersion = 1
        self.frontmost = frontmost
        self.session = session
        self.tick = tick
        self.shutdown = shutdown
        self.tickEvery = tickEvery
    }
}

/// A person's tap on an on-screen button of the running app
/// (docs/PROCESSES.md, "The foreground loop hand-shake").
public struct ScreenTap: Codable, Hashable, Sendable {
    /// Counts the device's taps: a new one is a new tap.
    public var id: Int
    /// The button, as the app's harness names it (`pay`, `skip`, ...).
    public var button: String
    /// 2: a double tap, both delivered before either has finished.
    public var times: Int
    /// A URL of the app's own the scene receives (its `onOpenURL`), in
    /// place of a button; `button` is then `onOpenURL`.
    public var url: String?
    /// A tag or code held to the phone for the reader the app has up (its
    /// NFC sheet, its scanner), in place of a button; `button` is then
    /// `holdUp`.
    public var heldUp: HeldUp?

    /// What a running app answers when it has no reader of the kind up:
    /// the device then reads the tag or code itself.
    public static let unreadPrefix = "unread: "

    public init(id: Int, button: String, times: Int = 1) {
        self.id = id
        self.button = button
        self.times = times
    }

    /// The scene receiving `url`, as SwiftUI's `onOpenURL` does.
    public init(id: Int, openURL url: String) {
        self.init(id: id, button: "onOpenURL")
        self.url = url
    }

    /// `held` held to the phone while the app is in front.
    public init(id: Int, holdUp held: HeldUp) {
        self.init(id: id, button: "holdUp")
        heldUp = held
    }
}

/// A tag or a code the person holds to the phone (docs/PLATFORM.md, "NFC
/// and codes").
public struct HeldUp: Codable, Hashable, Sendable {
    /// `nfc` (a tag, by its name) or `camera` (a code's text).
    public var reader: String
    public var value: String

    public init(reader: String, value: String) {
        self.reader = reader
        self.value = value
    }
}

/// An App Intent the device asks the app's running process to run
/// (docs/PROCESSES.md, "The foreground loop hand-shake").
public struct IntentRequest: Codable, Hashable, Sendable {
    /// Counts the device's requests: a new one is a new run.
    public var id: Int
    public var name: String
    /// `PARAM=VALUE` words, as `oal-app intent` takes them.
    public var parameters: [String]
    /// False under the `foreground-refused` fault.
    public var canComeForward: Bool

    public init(id: Int, name: String, parameters: [String], canComeForward: Bool) {
        self.id = id
        self.name = name
        self.parameters = parameters
        self.canComeForward = canComeForward
    }
}
