import Foundation

/// A guest build (`scripts/guest-build`, docs/GUEST.md): the real app's
/// sources built as the four processes, described by `BUILD/guest.json`.
/// With one set, the device launches the guest's executables in place of
/// `oal-app`, `oal-monitor`, `oal-shield-config` and `oal-shield-action`;
/// everything else (scenarios, faults, sweeps, the oracle) is the same.
public struct GuestBuild: Codable, Hashable, Sendable {
    public var name: String
    /// The guest's checkout, as built.
    public var source: String
    /// Where its four executables are linked under the emulator's names.
    public var bin: String
    /// The build directory (`--guest BUILD`).
    public var directory: String = ""

    /// What the app's harness knows to be wrong with these sources
    /// (`guest-harness/<app>/findings`, docs/GUEST.md "Findings"): the
    /// oracle reports a matching divergence as the finding.
    public var findings: [KnownFinding]?

    /// One finding as the oracle matches it: the checks it excuses, on
    /// rules of `kind` (nil: any), and the kinds of expectation it makes
    /// fail (`Expectation.kindName`; nil: none).
    public struct KnownFinding: Codable, Hashable, Sendable {
        public var id: String
        public var checks: [String]
        public var kind: String?
        public var summary: String
        public var expects: [String]?
    }

    /// The spec options the harness declares for these sources (`option
    /// NAME VALUE` in its findings file), such as `unblock: pause-15m`.
    public var options: [String: String]?

    /// Processes the build left out, and why (`guest.json`'s `omitted`): a
    /// guest with no app harness is its three extensions alone.
    public var omitted: [String: String]?

    /// Whether the guest has an app process. Without one, nothing can tap,
    /// open the app or answer the oracle's probe: a scenario plays the
    /// device's side (callbacks, opens, presses) and its own expectations.
    public var hasApp: Bool { omitted?["app"] == nil }

    /// Why the oracle has no spec model of this guest's behaviour, if it
    /// has none: an app of extensions alone, or one whose harness says its
    /// rules are not the spec's (`option no-spec-model REASON`). Every spec
    /// check is then named unjudged with this reason.
    public var noSpecModel: String? {
        if !hasApp { return "the guest has no app process, and no spec model of its own rules exists yet" }
        return options?["no-spec-model"]
    }

    /// The model of the app's own documented behaviour the oracle judges it
    /// by, when it is not the spec's rules (`option spec-model NAME`:
    /// `foqos`, docs/FOQOS_SPEC.md).
    public var specModel: String? { hasApp ? options?["spec-model"] : nil }

    /// The URLs the app answers (`guest.json`'s `links`): the custom
    /// schemes it registers and the hosts of its universal links. Nil: none.
    public var links: Links?

    public struct Links: Codable, Hashable, Sendable {
        public var schemes: [String]
        public var hosts: [String]
    }

    private enum CodingKeys: String, CodingKey { case name, source, bin, findings, options, omitted, links }

    /// The processes a guest replaces.
    public static let executables: Set<String> = [
        "oal-app", "oal-monitor", "oal-shield-config", "oal-shield-action", "oal-report",
    ]

    /// Those a guest may lack: an app with no DeviceActivityReport
    /// extension has no `oal-report` (a look at a report then fails, naming it).
    public static let optionalExecutables: Set<String> = ["oal-report"]
}
