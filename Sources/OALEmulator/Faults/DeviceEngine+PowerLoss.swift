import Foundation
import OALPlatform
import OALScenario
import OALSystem

/// The `power-loss` faults: every process stops at once, the App Group and
/// the app's container go back to what was synced (`DurableImage`), and
/// the device boots again with its own state (DeviceActivity's
/// registrations, the clock, ManagedSettings) as it was, as iOS keeps it.
extension DeviceEngine {
    /// Where a run that models power loss keeps what the disk holds.
    static func durableImage(of root: DeviceRoot) -> DurableImage {
        DurableImage(
            directory: root.system.appendingPathComponent("durable-image").path, base: root.url.path,
            trees: [root.appGroup.path, root.appContainer.path])
    }

    /// Whether any fault of the run takes the power: a header line, an
    /// option, a draw, or a scenario step.
    var modelsPowerLoss: Bool {
        func takesPower(_ fault: Fault) -> Bool {
            switch fault {
            case .powerLoss, .powerLossAt: true
            default: false
            }
        }
        return scheduledFaults.contains { takesPower($0.fault) }
            || scenario.steps.contains {
                if case .fault(let fault) = $0.action { return takesPower(fault) }
                return false
            }
    }

    /// Called once at the start of `play()`: a run that can lose power
    /// records every sync from its first launch on. What is on disk at the
    /// start counts as synced (the device booted with it); a resumed
    /// device keeps the image its first start made.
    func beginPowerLossModel() throws {
        guard modelsPowerLoss else { return }
        let image = Self.durableImage(of: options.root)
        do {
            try SyncRecorder.configure(image)
            if !image.exists { try image.recordEverything() }
        } catch {
            throw EngineError.io("the durable image at \(image.directory): \(error)")
        }
        faults.powerLost = { [unowned self] text in
            do { try self.losePower(text) } catch {
                self.trace.record("power.loss.failed", at: self.now, ["fault": text, "error": "\(error)"])
            }
        }
    }

    /// The power goes now: the app's loop and every warm extension stop
    /// (SIGKILL, no clean-up), then the files lose what was never synced.
    /// The next launches start cold, as after a boot.
    func losePower(_ text: String) throws {
        killLoop(text, missing: false)
        retireWarmProcesses()
        let image = Self.durableImage(of: options.root)
        let loss: DurableImage.Loss
        do { loss = try image.restore() } catch {
            throw EngineError.io("power loss: restoring \(image.trees.joined(separator: ", ")): \(error)")
        }
        let fields = [
            "reverted": String(loss.reverted), "removed": String(loss.removed), "restored": String(loss.restored),
        ]
        faults.record("applied", text, kind: "power-loss", at: now, fields)
        trace.record("power.loss", at: now, fields.merging(["fault": text]) { $1 })
    }
}
