import Foundation
import Glibc
import OALDomain
import OALPlatform
import OALStore
import OALSystem

/// The `kill` faults: the app's loop, the device itself, and an
/// extension by SIGKILL.
extension DeviceEngine {
    /// SIGKILLs the app's foreground loop, whoever started it.
    func killLoop(_ fault: Fault) { killLoop(fault.description) }

    /// SIGKILLs the app's foreground loop; `text` names the fault. A loop
    /// that is not running is traced as a kill missed when `missing`.
    func killLoop(_ text: String, missing: Bool = true) {
        var pids = Set<Int32>()
        if let pid = ForegroundHandshake(root: options.root).acknowledgement()?.pid, AppLoopDriver.alive(pid) {
            pids.insert(pid)
        }
        if let pid = options.loopPID, AppLoopDriver.alive(pid) { pids.insert(pid) }
        if let pid = loop.ownPID, AppLoopDriver.alive(pid) { pids.insert(pid) }
        for pid in pids.sorted() {
            try? ProcessSignal.send(SIGKILL, to: pid)
            faults.record(
                "killed", text, kind: "kill", at: now, ["target": "app-loop", "pid": String(pid)])
        }
        // Let the kernel finish it, so the device sees it gone.
        for _ in 0..<200 where !pids.isEmpty && loop.loopAlive {
            usleep(5_000)
        }
        if pids.isEmpty && missing {
            faults.record("missed", text, kind: "kill", at: now, ["reason": "no loop is running"])
        }
    }

    /// The emulated OS dies: its state is saved first (as a real OS's
    /// would be, by the last completed step), then SIGKILL. `oal-device run`
    /// on the same root continues from `system/device-state.json`.
    func killDevice(_ fault: Fault) throws {
        faults.record(
            "killed", fault.description, kind: "kill", at: now, ["target": "device", "pid": String(getpid())])
        faults.save()
        try saveDeviceState()
        try? ProcessSignal.sendToSelf(SIGKILL)
        while true { pause() }
    }

    static func killSelf(afterMilliseconds ms: Int) {
        Thread.detachNewThread {
            usleep(useconds_t(ms) * 1000)
            try? ProcessSignal.sendToSelf(SIGKILL)
        }
    }

    /// At the end of a run: a loop a killed device left behind is stopped,
    /// and held callbacks that never arrived are traced.
    func finishFaults() {
        // A killed device's loop is known by the hand-shake's
        // acknowledgement: the resumed device adopted it rather than start
        // its own. It is stopped only if that pid still runs this root's
        // loop (a pid the kernel reused is left alone); the loop this
        // device started stops later (`stopOwnLoop`), a supervisor's never.
        if let pid = ForegroundHandshake(root: options.root).acknowledgement()?.pid, pid != options.loopPID,
            pid != loop.ownPID, AppLoopDriver.runsLoop(pid, root: options.root)
        {
            try? ProcessSignal.send(SIGTERM, to: pid)
        }
        for held in faults.state.held {
            var fields = ["callback": held.kind.rawValue, "activity": held.activity]
            if let event = held.event { fields["event"] = event }
            faults.record("never-delivered", held.reason, kind: held.reason, at: now, fields)
        }
        faults.save()
    }
}
