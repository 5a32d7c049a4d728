import Foundation

/// Everything a guest build depends on besides the checkout, passed down
/// from the command line (nothing here is read from the environment).
public struct GuestBuildOptions: Sendable {
    /// The Swift compiler.
    public var swiftc: String
    /// `git`, for `REPO@REV`.
    public var git: String
    /// The directory holding `libGuestSDK.so` and `Modules/`: the emulator's
    /// own build (`swift build` makes it beside `oal-device`).
    public var sdk: URL
    /// Where builds and checkouts are kept, keyed by content.
    public var cache: URL
    /// `guest-harness/`: one folder per app, and `common/`.
    public var harnesses: URL
    /// An explicit harness folder (`--harness`).
    public var harness: URL?
    /// Compiler jobs.
    public var jobs: Int
    /// The environment for `swiftc` and `git` (PATH, HOME).
    public var environment: [String: String]
    /// Whether a report extension that does not compile is left out of the
    /// build (saying why) rather than failing it: it is optional, and an
    /// older shape of it must not cost a commit its enforcement. A mutation
    /// run turns it off, since it puts back the lines the compiler rejects.
    public var reportMayBeLeftOut = true
    /// A package host's build with the harness's `package-mutants` compiled
    /// into the package's libraries as schemata (`PackageMutants`).
    public var packageMutants = false

    public init(
        swiftc: String, git: String, sdk: URL, cache: URL, harnesses: URL, harness: URL? = nil, jobs: Int = 2,
        environment: [String: String]
    ) {
        self.swiftc = swiftc
        self.git = git
        self.sdk = sdk
        self.cache = cache
        self.harnesses = harnesses
        self.harness = harness
        self.jobs = jobs
        self.environment = environment
    }

    /// The SDK's library, whose absence means the emulator was not built.
    var sdkLibrary: URL { sdk.appendingPathComponent("libGuestSDK.so") }
    var sdkModules: URL { sdk.appendingPathComponent("Modules") }
    /// The compiler plugin of the stand-ins' macros that the toolchain has
    /// no plugin for (`#Preview`), and the flags that load it.
    var macroPlugin: URL { sdk.appendingPathComponent("oal-guest-macros") }
    var macroPluginFlags: [String] { ["-load-plugin-executable", macroPlugin.path + "#OALGuestMacros"] }
}
