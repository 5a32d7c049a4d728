import OALSystem

/// The command line of one shield button press, `application TOKEN
/// primary|secondary`: what the emulated OS hands a shield-action launch,
/// and what `oal-shield-action` and a guest's `guest-shield-action` read
/// back. One value both ways, so the device and the two executables cannot
/// come to disagree about its words or its errors.
public struct ShieldPressArguments: Sendable, Hashable {
    /// The shield's buttons in the words of the command line (iOS's
    /// `ShieldAction.primaryButtonPressed` / `.secondaryButtonPressed`).
    public enum Button: String, Sendable, CaseIterable {
        case primary
        case secondary
    }

    /// The pressed shield's app, as the catalog's opaque token.
    public var token: String
    public var button: Button

    public init(token: String, button: Button) {
        self.token = token
        self.button = button
    }

    /// The positional arguments of a launch.
    public var arguments: [String] { ["application", token, button.rawValue] }

    /// Reads the positionals of `args`. Only an application shield has
    /// buttons the device presses; a category or web-domain subject is
    /// refused by name rather than treated as an app.
    public init(parsing args: ParsedArguments) throws(ProcessFailure) {
        let kind = try args.positional(0, "application")
        guard kind == "application" else {
            throw .usage("unknown shield subject '\(kind)' (only application has buttons)")
        }
        let token = try args.positional(1, "TOKEN")
        let word = try args.positional(2, "primary|secondary")
        try args.expectAtMost(3)
        guard let button = Button(rawValue: word) else {
            throw .usage("unknown button '\(word)' (expected primary or secondary)")
        }
        self.init(token: token, button: button)
    }
}
