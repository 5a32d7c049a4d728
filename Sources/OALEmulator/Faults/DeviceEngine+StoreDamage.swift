import Foundation
import Glibc
import OALDomain
import OALPlatform
import OALStore
import OALSystem

/// The `store corrupt|truncate|newer-format` faults: damaged App Group files.
extension DeviceEngine {
    func damageStore(_ damage: StoreDamage, _ target: StoreTarget, _ fault: Fault) throws {
        let path: String
        let day = DayKey(now, calendar: calendar).description
        if target == .usage {
            path = options.root.appGroup.appendingPathComponent("usage/\(day).jsonl").path
        } else {
            path = options.root.appGroup.appendingPathComponent("\(target.rawValue).json").path
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            faults.record("missed", fault.description, kind: fault.kind, at: now, ["reason": "no file \(path)"])
            return
        }
        var bytes = [UInt8](data)
        switch damage {
        case .corrupt:
            // Garbage in the middle: still a file, no longer JSON.
            let middle = bytes.count / 2
            bytes.replaceSubrange(middle..<min(bytes.count, middle + 8), with: Array("\u{1}#!garb".utf8))
            if target == .usage { bytes += Array("{\"rule\":\"not-a-uuid\",\"opens\":-1}\n".utf8) }
        case .truncate:
            bytes = Array(bytes.prefix(bytes.count / 2))
        case .newerFormat:
            let text = String(decoding: bytes, as: UTF8.self)
            let replaced = text.replacingOccurrences(
                of: #""formatVersion"\s*:\s*1"#, with: "\"formatVersion\" : 99", options: .regularExpression)
            bytes = Array(replaced.utf8)
        }
        // Saved before the file is touched: a device killed from here on
        // finishes the write on restart, and the oracle hears of it then.
        faults.state.damageInFlight = .init(
            path: path, before: data, after: Data(bytes), text: fault.description, kind: fault.kind,
            day: target == .usage ? day : nil, refusesWrites: damage == .newerFormat)
        faults.save()
        try finishStoreDamage()
    }

    /// Writes the damage in flight (again, after a restart: the same bytes)
    /// and tells the oracle, then forgets it.
    func finishStoreDamage() throws {
        guard let damage = faults.state.damageInFlight else { return }
        // Written in place, as a buggy writer or a bad sector would, but
        // never through a link (O_NOFOLLOW: a link is refused).
        let fd = try FileDescriptor.open(damage.path, .writeOnly, options: [.truncate, .noFollow])
        defer { try? fd.close() }
        // The file is empty here: the worst instant for the device to die.
        CrashPoint.reach("device.damage.after-truncate")
        try fd.writeAll([UInt8](damage.after))
        faults.record("applied", damage.text, kind: damage.kind, at: now, ["path": damage.path])
        oracle.storeFaultInjected(path: damage.path, reason: damage.text, at: now)
        if let day = damage.day {
            oracle.usageJournalDamaged(
                day: day, lost: UsageJournalLoss.lost(before: [UInt8](damage.before), after: [UInt8](damage.after)),
                refusesWrites: damage.refusesWrites, reason: damage.text, at: now)
        }
        faults.state.damageInFlight = nil
        faults.save()
    }
}
