import Foundation

/// A checkout of a Screen Time app seen as the processes the emulated
/// device runs: its app and its three Screen Time extensions, each with the
/// files it compiles, plus its unit tests. Worked out from the checkout
/// itself (`GuestAppReader`): the Xcode project's target membership when
/// there is one, else the folder conventions.
public struct GuestApp: Sendable {
    public var name: String
    public var checkout: URL
    public var processes: [GuestProcess]
    /// The app's unit-test target, when it has one.
    public var tests: GuestTestTarget?
    /// The App Groups its `.entitlements` grant, the app's first.
    public var appGroups: [String]
    /// Checkout-relative paths of its string catalogs (`.xcstrings`).
    public var stringCatalogs: [String]
    /// How membership was found: `Xcode project NAME`, `folder conventions`
    /// or `XcodeGen spec PATH`.
    public var membershipSource: String
    /// A package's sample host app: the package's library targets it links.
    public var package: PackageLink? = nil
    /// The hosts of the app's universal links: its entitlements'
    /// associated domains (`applinks:foqos.app`).
    public var linkHosts: [String] = []

    /// The custom URL schemes the app registers (`CFBundleURLTypes` in
    /// its Info dictionary).
    public var urlSchemes: [String] {
        guard let info = process(.app)?.infoPlist, let data = info.data(using: .utf8),
            let plist = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil)
                as? [String: Any]
        else { return [] }
        let types = plist["CFBundleURLTypes"] as? [[String: Any]] ?? []
        return types.flatMap { $0["CFBundleURLSchemes"] as? [String] ?? [] }
    }

    /// The package a host app embeds: its library targets the app's
    /// products name, each compiled as its own module from the checkout.
    public struct PackageLink: Sendable {
        public var manifest: SwiftPackageManifest
        /// Library targets, each after its dependencies.
        public var libraries: [SwiftPackageManifest.Target]
        /// Why the device has none of the Screen Time extensions.
        public var noExtensions: String
    }

    public func process(_ kind: GuestProcess.Kind) -> GuestProcess? { processes.first { $0.kind == kind } }
}

/// One process of the guest: what it compiles and how.
public struct GuestProcess: Sendable, Hashable {
    public enum Kind: String, Sendable, CaseIterable, Hashable {
        case app
        case monitor
        case shieldConfig = "shield-config"
        case shieldAction = "shield-action"
        /// The DeviceActivityReport extension (an ExtensionKit extension):
        /// optional, as an app may have none.
        case report

        /// Whether every app has one: the report extension is optional.
        public var isRequired: Bool { self != .report }

        /// The executable the emulated device launches for it.
        public var executable: String { "oal-\(rawValue)" }

        /// The extension point an extension's Info.plist names.
        static func forExtensionPoint(_ identifier: String) -> Kind? {
            switch identifier {
            case "com.apple.deviceactivity.monitor-extension": .monitor
            case "com.apple.ManagedSettingsUI.shield-configuration-service": .shieldConfig
            case "com.apple.ManagedSettings.shield-action-service": .shieldAction
            case "com.apple.deviceactivityui.report-extension": .report
            default: nil
            }
        }
    }

    public var kind: Kind
    /// The Xcode target (or folder) it comes from.
    public var target: String
    public var moduleName: String
    /// Checkout-relative paths of the Swift files it compiles.
    public var sources: [String]
    /// Files of its target it does not compile, and why.
    public var excluded: [Exclusion]
    /// An extension's principal class (from its Info.plist), or for an
    /// ExtensionKit extension its `@main` type.
    public var principalClass: String?
    public var settings: SwiftSettings
    /// Its Info dictionary as XML property-list text (what `Bundle.main` answers).
    public var infoPlist: String = ""
    /// SwiftUI views it compiles and never draws (a report extension's
    /// scene content): type-checked, never run, so no mutant goes there.
    public var views: [String] = []
}

/// The app's unit tests: their files and the module they test.
public struct GuestTestTarget: Sendable, Hashable {
    public var target: String
    public var sources: [String]
    public var excluded: [Exclusion]
    public var settings: SwiftSettings
}

/// A file left out of a process, with the reason (`imports SwiftUI`, ...).
public struct Exclusion: Sendable, Hashable, Codable {
    public var file: String
    public var reason: String

    public init(file: String, reason: String) {
        self.file = file
        self.reason = reason
    }
}

/// The Swift compiler settings a target's build settings ask for.
public struct SwiftSettings: Sendable, Hashable, Codable {
    public var languageMode: String = "5"
    public var defaultIsolationMainActor = false
    public var upcomingFeatures: [String] = []
    public var strictConcurrency: String?
    public var conditions: [String] = ["DEBUG"]
    /// `SWIFT_*` settings read but not acted on, for the build report.
    public var ignored: [String] = []

    public init() {}

    /// From a target's Debug settings (Xcode's names and defaults).
    public init(xcode settings: [String: String]) {
        if let version = settings["SWIFT_VERSION"] {
            languageMode = version.hasPrefix("6") ? "6" : (version.hasPrefix("4") ? "4" : "5")
        }
        defaultIsolationMainActor = settings["SWIFT_DEFAULT_ACTOR_ISOLATION"] == "MainActor"
        var features: [String] = []
        for (key, value) in settings.sorted(by: { $0.key < $1.key }) {
            if key.hasPrefix("SWIFT_UPCOMING_FEATURE_"), value == "YES" {
                features.append(Self.featureName(String(key.dropFirst("SWIFT_UPCOMING_FEATURE_".count))))
            } else if key == "SWIFT_APPROACHABLE_CONCURRENCY", value == "YES" {
                // Xcode's umbrella for these upcoming features.
                features += [
                    "DisableOutwardActorInference", "GlobalActorIsolatedTypesUsability", "InferIsolatedConformances",
                    "InferSendableFromCaptures", "NonisolatedNonsendingByDefault",
                ]
            } else if key == "SWIFT_STRICT_CONCURRENCY" {
                strictConcurrency = value
            } else if key == "SWIFT_ACTIVE_COMPILATION_CONDITIONS" {
                conditions = value.split(separator: " ").map(String.init).filter { !$0.hasPrefix("$(") }
            } else if key.hasPrefix("SWIFT_"), !Self.understood.contains(key) {
                ignored.append("\(key) = \(value)")
            }
        }
        // Member import visibility checks which module declares a member.
        // The prelude's shadows move `UserDefaults`' members to
        // GuestFoundation, which no guest file imports by that name, so the
        // check would fail where Apple's SDK passes: it is not applied.
        if features.contains("MemberImportVisibility") {
            features.removeAll { $0 == "MemberImportVisibility" }
            ignored.append("SWIFT_UPCOMING_FEATURE_MEMBER_IMPORT_VISIBILITY = YES (the prelude's shadows)")
        }
        upcomingFeatures = Array(Set(features)).sorted()
    }

    /// Settings that change nothing a Linux build can observe.
    static let understood: Set<String> = [
        "SWIFT_VERSION", "SWIFT_DEFAULT_ACTOR_ISOLATION", "SWIFT_EMIT_LOC_STRINGS", "SWIFT_OPTIMIZATION_LEVEL",
        "SWIFT_COMPILATION_MODE", "SWIFT_STRICT_CONCURRENCY", "SWIFT_ACTIVE_COMPILATION_CONDITIONS",
        "SWIFT_APPROACHABLE_CONCURRENCY",
    ]

    /// `MEMBER_IMPORT_VISIBILITY` → `MemberImportVisibility`.
    static func featureName(_ snake: String) -> String {
        snake.lowercased().split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// The `swiftc` flags.
    public var flags: [String] {
        var flags = ["-swift-version", languageMode]
        if defaultIsolationMainActor { flags += ["-default-isolation", "MainActor"] }
        for feature in upcomingFeatures { flags += ["-enable-upcoming-feature", feature] }
        if let strictConcurrency, ["minimal", "targeted", "complete"].contains(strictConcurrency) {
            flags.append("-strict-concurrency=\(strictConcurrency)")
        }
        for condition in conditions { flags += ["-D", condition] }
        return flags
    }
}
