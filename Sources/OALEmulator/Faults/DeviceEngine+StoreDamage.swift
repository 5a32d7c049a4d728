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
        // Written in place, as a buggy writer or a bad sector would, but
        // never through a link (O_NOFOLLOW: a link is refused).
        let fd = try FileDescriptor.open(path, .writeOnly, options: [.truncate, .noFollow])
        defer { try? fd.close() }
        try fd.writeAll(bytes)
        faults.record("applied", fault.description, kind: fault.kind, at: now, ["path": path])
        oracle.storeFaultInjected(path: path, reason: fault.description, at: now)
        if target == .usage {
            oracle.usageJournalDamaged(
                day: day, lost: UsageJournalLoss.lost(before: [UInt8](data), after: bytes),
                refusesWrites: damage == .newerFormat, reason: fault.description, at: now)
        }
    }
}
