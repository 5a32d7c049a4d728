import Foundation
import OALPlatform
import OALProcesses
import OALStore
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
    public static func fail(_ message: String, code: ExitCode = .internalError) -> Never {
        StandardStream.error.write("guest SDK: \(message)\n")
        if let installed = slot.get() {
            installed.context.record("error", ["code": "\(code.rawValue)", "message": "guest SDK: \(message)"])
        }
        exit(code.rawValue)
    }

    /// Stops the process for `error`, which the Apple API `call` stands in
    /// for cannot hand back, naming both. A write the device's disk refused
    /// (a full disk, `disk-full`) ends it as the emulator's own processes end
    /// on one, with the I/O exit (74): a fault of the device, not a bug of the
    /// SDK (70), so a swarm does not count it as a crash.
    public static func fail(_ call: String, error: any Error) -> Never {
        fail("\(call): \(error)", code: exitCode(for: error))
    }

    public static func exitCode(for error: any Error) -> ExitCode {
        if error is Errno { return .ioError }
        if let store = error as? StoreError, case .io = store { return .ioError }
        return .internalError
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
