import Foundation
import GuestRuntime
import OALPlatform
import OALProcesses
import OALStore
import OALSystem
import Testing

/// iOS's `UserDefaults.set` never ends the process: a value it cannot save
/// stays in the process's own defaults and is lost with it (issue 23, item
/// 8: the guest SDK exited 70 on a full disk, and the swarm counted a
/// crash). In the SwiftData suite, which is serialized: the guest device
/// installed here is one per process, and those tests run without one.
extension SwiftDataTests {
    @Test func aValueThatCannotBeSavedIsKeptInTheProcessAndTraced() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("oal-defaults-\(UUID().uuidString)")
        let preferences = base.appendingPathComponent("appgroup/Library/Preferences").path
        defer {
            Self.unwritable(preferences, false)
            GuestDevice.uninstall()
            try? FileManager.default.removeItem(at: base)
        }
        let root = DeviceRoot(base)
        for directory in [root.system, root.appGroup, root.logs] {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
        try EmulatedClock(system: AppGroupContainer(url: root.system)).set(
            ClockState(now: Date(timeIntervalSince1970: 1_790_000_000), timeZoneIdentifier: "UTC"))
        GuestDevice.install(
            try ProcessContext(tool: "test", kind: .monitor, rootPath: base.path), appGroups: ["group.test"])
        let domain = try DefaultsDomain.appGroup("group.test")
        domain.set(.int(1), forKey: "saved")
        // The preferences directory refuses new files: the atomic replace
        // fails as on a full disk.
        try #require(Self.unwritable(preferences, true), "could not make \(preferences) unwritable")
        domain.set(.int(2), forKey: "unsaved")
        #expect(domain.value(forKey: "unsaved") == .int(2))
        #expect(domain.value(forKey: "saved") == .int(1))
        #expect(domain.all() == ["saved": .int(1), "unsaved": .int(2)])
        // Another process reads only what reached the file.
        #expect(try DefaultsDomain.appGroup("group.test").value(forKey: "unsaved") == nil)
        let trace = try TraceLog.read(root.trace).map { try $0.get() }
        #expect(trace.contains { $0.event == "store.write.failed" && $0.fields["key"] == "unsaved" }, "\(trace)")
    }

    /// No file can be created in `directory` (or again can): `chmod` for a
    /// user, the immutable flag for root, whom modes do not stop.
    @discardableResult
    static func unwritable(_ directory: String, _ on: Bool) -> Bool {
        guard getuid() == 0 else { return chmod(directory, on ? 0o500 : 0o700) == 0 }
        let chattr = Process()
        chattr.executableURL = URL(fileURLWithPath: "/usr/bin/chattr")
        chattr.arguments = [on ? "+i" : "-i", directory]
        guard (try? chattr.run()) != nil else { return false }
        chattr.waitUntilExit()
        return chattr.terminationStatus == 0
    }
}

/// An Apple call that cannot hand back a write the disk refused ends the
/// process with the I/O exit, as the emulator's own processes do on a full
/// disk, not the SDK's internal error (swarm guest seed 294 counted a crash).
@Suite struct GuestFailureCodeTests {
    @Test func aRefusedWriteIsAnIOExitAndAnythingElseInternal() {
        let full = StoreError.io(
            path: "/r/system/managedsettings/x.json", operation: "write", errno: Errno(rawValue: EFBIG))
        #expect(GuestDevice.exitCode(for: full) == .ioError)
        #expect(GuestDevice.exitCode(for: Errno(rawValue: ENOSPC)) == .ioError)
        #expect(GuestDevice.exitCode(for: StoreError.newerFormat(path: "/x", found: 9, known: 1)) == .internalError)
    }
}
