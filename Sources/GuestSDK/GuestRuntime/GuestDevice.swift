import Foundation
import OALPlatform
import OALShared
import OALSystem

/// The emulated device a guest process runs on: the one thing the Apple-shaped
/// modules share. The harness main opens the device (`--root`, through
/// `ProcessMain`) and installs its context here before any guest code runs;
/// every stand-in API then reads and writes that device's files and traces
/// as that process.
public enum GuestDevice {
    private static let slot = Slot()

    /// Installs the process's view of the device (the harness does this once).
    public static func install(_ context: ProcessContext, appGroups: [String]) {
        slot.set(Installed(context: context, appGroups: appGroups))
    }

    /// Forgets the installed device: for tests that install one for a
    /// while in a process whose other tests run without (the harness
    /// never calls it).
    public static func uninstall() { slot.set(nil) }

    /// The process's context; a guest API called before the harness opened
    /// the device is a harness bug, said plainly rather than guessed around.
    public static var context: ProcessContext { installed.context }

    /// The App Group identifiers the guest is entitled to (from its
    /// `.entitlements` files, read by `scripts/guest-build`).
    public static var appGroups: [String] { installed.appGroups }

    public static var isInstalled: Bool { slot.get() != nil }

    private static var installed: Installed {
        guard let installed = slot.get() else {
            fail("a guest API was called before the harness opened the emulated device (GuestDevice.install)")
        }
        return installed
    }

    /// Stops the process with a message naming what went wrong. The guest
    /// APIs this stands in for cannot fail this way on iOS (a missing clock,
    /// an unreadable platform file), so there is no error to hand back.
    public static func fail(_ message: String) -> Never {
        StandardStream.error.write("guest SDK: \(message)\n")
        if let installed = slot.get() {
            installed.context.record("error", ["code": "70", "message": "guest SDK: \(message)"])
        }
        exit(70)
    }

    struct Installed: Sendable {
        var context: ProcessContext
        var appGroups: [String]
    }

    final class Slot: @unchecked Sendable {
        private let lock = NSLock()
        private var value: Installed?
        func get() -> Installed? { lock.withLock { value } }
        func set(_ new: Installed?) { lock.withLock { value = new } }
    }
}
