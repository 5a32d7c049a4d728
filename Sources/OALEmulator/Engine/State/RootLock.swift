import Foundation
import Glibc
import OALPlatform
import OALSystem

/// One run per device root: held by a `DeviceEngine` from its start to its
/// end (`system/device-run.lock`, `flock`, so a killed run frees it). The
/// file holds the holder's pid, so a refused run can say who has it.
final class RootLock {
    static let fileName = "device-run.lock"
    private let descriptor: FileDescriptor

    /// Takes the root's lock, or throws `EngineError.rootInUse` naming the
    /// pid written by the run that has it. Never waits: a second run
    /// beside the first is a mistake to report, not a queue.
    init(root: DeviceRoot) throws(EngineError) {
        let path = root.system.appendingPathComponent(Self.fileName).path
        do {
            descriptor = try FileDescriptor.open(
                path, .readWrite, options: [.create, .noFollow], permissions: .ownerReadWrite)
        } catch {
            throw .io("\(path): cannot open the root's run lock: \(error)")
        }
        let taken: Bool
        do {
            taken = try descriptor.tryLock(.exclusive)
        } catch {
            try? descriptor.close()
            throw .io("\(path): cannot lock the root: \(error)")
        }
        guard taken else {
            let holder = (try? descriptor.readToEnd()).flatMap {
                Int32(String(decoding: $0, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
            }
            try? descriptor.close()
            throw .rootInUse(path: root.url.path, pid: holder)
        }
        // Ours now: the pid replaces whatever an earlier holder wrote.
        try? descriptor.resize(to: 0)
        try? descriptor.writeAll(toAbsoluteOffset: 0, Array("\(getpid())\n".utf8))
    }

    deinit { try? descriptor.close() }
}
