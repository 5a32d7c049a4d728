// swift-tools-version:6.0
// The OpenAppLock extension-architecture emulator.
//
// Targets follow the layers of docs/ARCHITECTURE.md; each depends only on
// layers below it. No package dependencies: the toolchain's modules only.
import PackageDescription

let package = Package(
    name: "OpenAppLockEmulator",
    products: [
        .library(name: "OALDomain", targets: ["OALDomain"]),
        .library(name: "OALStore", targets: ["OALStore"]),
        .library(name: "OALPlatform", targets: ["OALPlatform"]),
        .library(name: "OALProcesses", targets: ["OALProcesses"]),
        .library(name: "OALEmulator", targets: ["OALEmulator"]),
        .executable(name: "oal-app", targets: ["oal-app"]),
        .executable(name: "oal-monitor", targets: ["oal-monitor"]),
        .executable(name: "oal-shield-config", targets: ["oal-shield-config"]),
        .executable(name: "oal-shield-action", targets: ["oal-shield-action"]),
        .executable(name: "oal-report", targets: ["oal-report"]),
        .executable(name: "oal-device", targets: ["oal-device"]),
        // Guest mode (docs/GUEST.md): Apple-shaped stand-ins the real app's
        // sources build against, and the harness its processes run in. The
        // package `scripts/guest-build` generates depends on these by path.
        .library(
            name: "GuestSDK", type: .dynamic,
            targets: [
                "GuestRuntime", "GuestFoundation", "DeviceActivity", "ManagedSettings", "ManagedSettingsUI",
                "FamilyControls", "UserNotifications", "os", "OSLog", "CryptoKit", "UIKit", "SwiftData", "SwiftUI",
                "Combine", "WidgetKit", "BackgroundTasks", "ActivityKit", "CoreNFC", "AVFoundation", "CodeScanner",
                "ExtensionKit", "AppIntents", "GuestHarness",
            ]),
    ],
    targets: [
        // 0. Thin typed wrappers over system calls (locks, files, processes).
        .target(name: "OALSystem"),
        // 1. The pure rules domain: values and functions, no I/O, no clock reads.
        .target(name: "OALDomain"),
        // 2. The App Group stores: versioned documents and journals under locks.
        .target(name: "OALStore", dependencies: ["OALSystem", "OALDomain"]),
        // 3. The emulated Apple frameworks: clock, DeviceActivity,
        //    ManagedSettings, tokens. State lives under <root>/system/.
        .target(name: "OALPlatform", dependencies: ["OALSystem", "OALDomain", "OALStore"]),
        // 4. The app's and its extensions' processes: each one's body (the
        //    app's commands and refresh, the monitor's reactions, the Open
        //    press), the code they share (enforcement, shield lookup, the
        //    App Group stores they open) and the runtime every process
        //    starts in (`ProcessMain`, warm and fork servers).
        .target(name: "OALProcesses", dependencies: ["OALSystem", "OALDomain", "OALStore", "OALPlatform"]),
        // Guest builds (docs/GUEST.md): a checkout of a real app read as the
        // device's processes (its Xcode project or folder conventions), built
        // against GuestSDK into a cache keyed by content.
        .target(name: "OALGuestBuild", dependencies: ["OALSystem"]),
        // A guest's history: every commit built and played, and bisect.
        .target(
            name: "OALGuestExplore",
            dependencies: [
                "OALGuestBuild", "OALEmulator", "OALPlatform", "OALProcesses", "OALScenario", "OALSystem",
            ]),
        // 5. What a run is, as values: scenarios, faults and their
        //     parsers, `RunSpec` and its command line. No engine, no I/O
        //     beyond reading a scenario file.
        .target(name: "OALScenario", dependencies: ["OALSystem", "OALDomain", "OALPlatform"]),
        // 6. The views of a finished run, pure over its trace and verdict:
        //    the timeline, the HTML report and index, the Perfetto trace.
        .target(
            name: "OALRunViews", dependencies: ["OALSystem", "OALPlatform", "OALScenario"]),
        // 7. The judge of a run, handed an observation value after each
        //    step (never the engine): the spec model, the checks, the
        //    verdict. It reads the device's files and trace, and writes only
        //    its own state and report.
        .target(
            name: "OALOracle",
            dependencies: ["OALSystem", "OALDomain", "OALStore", "OALPlatform", "OALProcesses", "OALScenario"]
        ),
        // 8. The emulated iOS engine (setting a root up, the launcher, the
        //    device's run, fault injection), a library so the tests and
        //    `oal-device` drive the same code.
        .target(
            name: "OALEmulator",
            dependencies: [
                "OALSystem", "OALDomain", "OALStore", "OALPlatform", "OALProcesses", "OALScenario", "OALRunViews",
                "OALOracle",
            ]),
        // 9. Many runs of the engine: crash-point, kill and race sweeps, seed
        //    swarms, the shrinker and the differential run.
        .target(
            name: "OALExplore",
            dependencies: [
                "OALSystem", "OALDomain", "OALStore", "OALPlatform", "OALProcesses", "OALScenario", "OALOracle",
                "OALEmulator",
            ]),

        // Guest mode (docs/GUEST.md). `GuestRuntime` connects a guest process
        // to its emulated device; the Apple-named modules are the surface the
        // real app calls, no more, each backed by OALPlatform's files;
        // `GuestHarness` is the body of the four processes' mains.
        .target(
            name: "GuestRuntime", dependencies: ["OALSystem", "OALStore", "OALPlatform", "OALProcesses"],
            path: "Sources/GuestSDK/GuestRuntime"),
        .target(
            name: "GuestFoundation", dependencies: ["GuestRuntime", "OALStore", "OALSystem"],
            path: "Sources/GuestSDK/GuestFoundation"),
        .target(
            name: "ManagedSettings", dependencies: ["GuestRuntime", "OALDomain", "OALPlatform"],
            path: "Sources/GuestSDK/ManagedSettings"),
        .target(
            name: "DeviceActivity",
            dependencies: ["GuestRuntime", "ManagedSettings", "OALDomain", "OALPlatform", "SwiftUI"],
            path: "Sources/GuestSDK/DeviceActivity"),
        .target(
            name: "FamilyControls", dependencies: ["OALPlatform", "GuestRuntime", "ManagedSettings", "Combine"],
            path: "Sources/GuestSDK/FamilyControls"),
        .target(
            name: "UIKit", dependencies: ["OALSystem", "OALPlatform", "GuestRuntime"], path: "Sources/GuestSDK/UIKit"),
        .target(
            name: "ManagedSettingsUI", dependencies: ["ManagedSettings", "UIKit"],
            path: "Sources/GuestSDK/ManagedSettingsUI"),
        .target(
            name: "UserNotifications", dependencies: ["GuestRuntime", "OALStore", "OALPlatform"],
            path: "Sources/GuestSDK/UserNotifications"),
        .target(name: "os", dependencies: ["OALSystem", "GuestRuntime"], path: "Sources/GuestSDK/os"),
        .target(name: "OSLog", dependencies: ["os"], path: "Sources/GuestSDK/OSLog"),
        .target(
            name: "SwiftUI", dependencies: ["GuestRuntime", "GuestFoundation", "UIKit", "Combine"],
            path: "Sources/GuestSDK/SwiftUI"),
        .target(name: "Combine", path: "Sources/GuestSDK/Combine"),
        .target(
            name: "SwiftData", dependencies: ["GuestRuntime", "GuestFoundation", "OALStore", "OALSystem"],
            path: "Sources/GuestSDK/SwiftData"),
        .target(name: "CryptoKit", dependencies: ["OALSystem"], path: "Sources/GuestSDK/CryptoKit"),
        // The device has no widget host: current configurations are empty,
        // and a reload request is kept and said on stderr.
        .target(
            name: "WidgetKit", dependencies: ["OALSystem", "SwiftUI", "ActivityKit"], path: "Sources/GuestSDK/WidgetKit"
        ),
        // The device never launches background tasks: `submit` throws
        // `.unavailable`, as on the Simulator.
        .target(name: "BackgroundTasks", dependencies: ["GuestRuntime"], path: "Sources/GuestSDK/BackgroundTasks"),
        // Live Activities are off on the device (no Lock Screen, no Dynamic
        // Island): `request` throws `.denied`.
        .target(name: "ActivityKit", dependencies: ["GuestRuntime"], path: "Sources/GuestSDK/ActivityKit"),
        .target(
            name: "AppIntents", dependencies: ["GuestRuntime", "GuestFoundation"], path: "Sources/GuestSDK/AppIntents"),
        .target(name: "ExtensionKit", path: "Sources/GuestSDK/ExtensionKit"),
        // The device has no NFC reader: `readingAvailable` is false and a
        // session that begins is invalidated with `readerErrorUnsupportedFeature`.
        .target(name: "CoreNFC", dependencies: ["GuestRuntime"], path: "Sources/GuestSDK/CoreNFC"),
        // Only the barcode symbologies CodeScanner's callers name.
        .target(name: "AVFoundation", path: "Sources/GuestSDK/AVFoundation"),
        // twostraws/CodeScanner, a SwiftPM package rather than Apple's: its
        // view is never drawn, as the device has no camera and renders no views.
        .target(
            name: "CodeScanner", dependencies: ["GuestRuntime", "AVFoundation", "UIKit", "SwiftUI"],
            path: "Sources/GuestSDK/CodeScanner"),
        .target(
            name: "GuestHarness",
            dependencies: [
                "OALSystem", "OALDomain", "OALStore", "OALPlatform", "OALProcesses", "GuestRuntime", "GuestFoundation",
                "DeviceActivity", "ManagedSettings", "ManagedSettingsUI", "AppIntents",
            ],
            path: "Sources/GuestSDK/GuestHarness"),

        // The compiler plugin of the stand-ins' macros the toolchain has no
        // plugin for (`#Preview`); guest builds load it (docs/GUEST.md).
        .executableTarget(name: "oal-guest-macros"),

        // Thin executables, one per process of the real architecture.
        .executableTarget(name: "oal-app", dependencies: ["OALProcesses"]),
        .executableTarget(name: "oal-monitor", dependencies: ["OALSystem", "OALPlatform", "OALProcesses"]),
        .executableTarget(name: "oal-shield-config", dependencies: ["OALSystem", "OALProcesses"]),
        .executableTarget(name: "oal-shield-action", dependencies: ["OALSystem", "OALPlatform", "OALProcesses"]),
        .executableTarget(name: "oal-report", dependencies: ["OALSystem", "OALPlatform", "OALProcesses"]),
        .executableTarget(
            name: "oal-device",
            dependencies: [
                "OALSystem", "OALPlatform", "OALProcesses", "OALGuestBuild", "OALEmulator", "OALExplore",
                "OALGuestExplore", "OALScenario",
            ]),

        // A process that hammers the stores, for the multi-process tests and
        // the store benchmark.
        .executableTarget(name: "oal-store-probe", dependencies: ["OALSystem", "OALDomain", "OALStore"]),
        // Benchmarks: the stores against SQLite and a raw flock floor, the
        // simulation against the process-spawn floor (docs/PERFORMANCE.md).
        .executableTarget(name: "oal-bench", dependencies: ["OALSystem", "OALDomain", "OALStore"]),

        // The fuzz targets of the parsers that read hostile input
        // (docs/RELIABILITY.md). This build replays saved inputs;
        // `scripts/fuzz` builds it again with libFuzzer (`-D OAL_FUZZ`).
        .executableTarget(
            name: "oal-fuzz", dependencies: ["OALSystem", "OALStore", "OALProcesses", "OALEmulator", "OALExplore"]),

        // Test-only: finds and spawns the built executables.
        .target(name: "OALTestSupport"),

        .testTarget(name: "OALDomainTests", dependencies: ["OALDomain"]),
        .testTarget(name: "OALStoreTests", dependencies: ["OALSystem", "OALDomain", "OALStore", "OALTestSupport"]),
        .testTarget(name: "OALPlatformTests", dependencies: ["OALDomain", "OALStore", "OALPlatform"]),
        .testTarget(
            name: "OALProcessesTests",
            dependencies: ["OALSystem", "OALDomain", "OALStore", "OALPlatform", "OALProcesses", "OALTestSupport"]),
        .testTarget(
            name: "OALEmulatorTests",
            dependencies: [
                "OALSystem", "OALDomain", "OALStore", "OALPlatform", "OALProcesses", "OALScenario", "OALRunViews",
                "OALOracle", "OALEmulator", "OALExplore", "OALTestSupport",
            ]),
        .testTarget(name: "OALGuestBuildTests", dependencies: ["OALGuestBuild", "OALTestSupport"]),
        // The guest SDK's pieces in-process, and guest builds run end to end
        // (examples/MiniGuest always; ../shared/guest/OpenAppLock when present).
        .testTarget(
            name: "GuestSDKTests",
            dependencies: [
                "OALSystem", "OALDomain", "OALStore", "OALPlatform", "OALProcesses", "GuestRuntime", "GuestFoundation",
                "DeviceActivity", "ManagedSettings", "ManagedSettingsUI", "FamilyControls", "UserNotifications",
                "OSLog", "CryptoKit", "SwiftData", "SwiftUI", "Combine", "WidgetKit", "BackgroundTasks", "ActivityKit",
                "CoreNFC", "AVFoundation", "CodeScanner", "AppIntents", "GuestHarness", "OALTestSupport",
            ],
            // The testing library's UIKit overlay (`_Testing_UIKit`, image
            // attachments) exists on Apple platforms only; the stand-in
            // named UIKit would make the compiler look for it here.
            swiftSettings: [.unsafeFlags(["-Xfrontend", "-disable-cross-import-overlays"])]),
    ]
)
