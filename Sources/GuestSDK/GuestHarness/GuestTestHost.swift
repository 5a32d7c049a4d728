import Foundation
import GuestRuntime
import OALPlatform
import OALProcesses
import OALStore

/// The device a guest's unit-test process runs on (`oal-device guest
/// test`): a fresh temporary device root, opened as the app, so what the
/// tests reach of the stand-ins (App Group defaults, SwiftData on disk,
/// notifications, the catalogs) works as in a simulator. The tests' own
/// clock is the machine's: the test build's prelude does not pin
/// `Date()`, as tests on iOS run in real time.
public enum GuestTestHost {
    /// Opens the device and loads the build's facts; returns the root,
    /// which the runner removes when the tests end.
    public static func install(_ info: GuestBuildInfo) -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("oal-guest-tests-\(getpid())")
        do {
            let device = DeviceRoot(root)
            try device.create()
            let clock = try EmulatedClock(system: AppGroupContainer(url: device.system))
            try clock.set(ClockState(now: Date(), timeZoneIdentifier: TimeZone.current.identifier))
            let context = try ProcessContext(tool: "guest-tests", kind: .app, rootPath: root.path)
            info.install(context)
        } catch {
            FileHandle.standardError.write(
                Data("guest tests: cannot open a test device at \(root.path): \(error)\n".utf8))
            exit(70)
        }
        return root
    }
}
