import Foundation
import OALPlatform
import OALTestSupport
import Testing

/// `oal-app run` against the hand-shake of docs/PROCESSES.md, with the test
/// playing the emulated OS: it writes `foreground.json`, moves the clock,
/// and waits for `app-loop.json`.
@Suite struct ForegroundLoopTests {
    func publish(_ device: Device, session: Int, tick: Date?, shutdown: Bool = false) throws {
        var object: [String: Any] = [
            "formatVersion": 1, "frontmost": InstalledAppCatalog.openAppLockBundleIdentifier, "session": session,
        ]
        if let tick { object["tick"] = TraceEvent.timestamp(tick) }
        if shutdown { object["shutdown"] = true }
        let data = try JSONSerialization.data(withJSONObject: object)
        let url = device.root.system.appendingPathComponent("foreground.json")
        let temporary = url.appendingPathExtension("tmp")
        try data.write(to: temporary)
        // rename(2): the device replaces the file atomically, and so do we.
        #expect(rename(temporary.path, url.path) == 0)
    }

    func waitForAck(_ device: Device, session: Int, refreshedAt: Date) throws -> Bool {
        let url = device.root.system.appendingPathComponent("app-loop.json")
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if let data = try? Data(contentsOf: url),
                let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                object["session"] as? Int == session,
                object["refreshedAt"] as? String == TraceEvent.timestamp(refreshedAt)
            {
                return true
            }
            usleep(2_000)
        }
        return false
    }

    /// Waits up to 10 s; a loop that ignores its stop must fail the test,
    /// not hang the suite.
    static func waitForExit(_ process: Process) -> Bool {
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning, Date() < deadline { usleep(2_000) }
        return !process.isRunning
    }

    static func stop(_ process: Process) {
        guard process.isRunning else { return }
        process.terminate()
        if !waitForExit(process) { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    @Test func refreshesOnLaunchAndOnEachTickThenShutsDown() throws {
        let device = try Device()
        try device.app("list", "add", "Social", "--apps", "Instagram")
        _ = try device.addRule("schedule", "Work", "--list", "Social", "--from", "09:00", "--to", "17:00")
        try device.clearStore(
            try #require(
                device.effective().storesShielding(
                    try device.app(named: "Instagram").token, category: try device.app(named: "Instagram").category
                ).first))
        #expect(try !device.isShielded("Instagram"))

        let process = Process()
        process.executableURL = try BuiltProducts.executable("oal-app")
        process.arguments = ["--root", device.root.url.path, "run"]
        try process.run()
        defer { Self.stop(process) }

        // Launch: a new session refreshes and acknowledges.
        let launch = try device.now()
        try publish(device, session: 1, tick: launch)
        #expect(try waitForAck(device, session: 1, refreshedAt: launch))
        #expect(try device.isShielded("Instagram"))

        // A tick past the window's end lifts the shield from the foreground.
        let tick = Device.date(2026, 11, 30, 17, 0, 30)
        try device.set(tick)
        try publish(device, session: 1, tick: tick)
        #expect(try waitForAck(device, session: 1, refreshedAt: tick))
        #expect(try !device.isShielded("Instagram"))

        try publish(device, session: 1, tick: tick, shutdown: true)
        #expect(Self.waitForExit(process))
        #expect(process.terminationStatus == 0)
        let events = try device.trace()
        #expect(events.contains { $0.event == "loop.ack" })
        #expect(events.contains { $0.event == "loop.stop" && $0.fields["reason"] == "shutdown" })
    }

    @Test func exitsCleanlyOnSIGTERM() throws {
        let device = try Device()
        let process = Process()
        process.executableURL = try BuiltProducts.executable("oal-app")
        process.arguments = ["--root", device.root.url.path, "run"]
        try process.run()
        defer { Self.stop(process) }
        usleep(100_000)
        process.terminate()
        #expect(Self.waitForExit(process))
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
    }
}
