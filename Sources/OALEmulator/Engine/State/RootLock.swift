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
        Self.recordHolder(descriptor)
    }

    /// Ours now: this pid replaces whatever an earlier holder wrote, so a
    /// refused run can name who has the root.
    private static func recordHolder(_ descriptor: FileDescriptor) {
        try? descriptor.resize(to: 0)
        try? descriptor.writeAll(toAbsoluteOffset: 0, Array("\(getpid())\n".utf8))
    }

    /// The root's lock as the caller already holds it on `inherited`
    /// (`oal-device run --lock-fd N`: `scripts/supervise` takes it before
    /// it touches the root or starts the app's loop, so a second
    /// supervisor is refused before either). The descriptor must be the
    /// root's lock file and hold the lock: taking it again through the same
    /// open file succeeds, and only there.
    init(root: DeviceRoot, inherited: Int32) throws(EngineError) {
        let path = root.system.appendingPathComponent(Self.fileName).path
        let descriptor = FileDescriptor(rawValue: inherited)
        let named: FileStatus?
        let held: FileStatus
        do {
            named = try FileSystem.status(path)
            held = try descriptor.status()
        } catch {
            throw .io("--lock-fd \(inherited): cannot read it or \(path): \(error)")
        }
        guard let named, named.inode == held.inode, named.device == held.device else {
            throw .io("--lock-fd \(inherited) is not \(path), the root's run lock")
        }
        let taken: Bool
        do {
            taken = try descriptor.tryLock(.exclusive)
        } catch {
            throw .io("--lock-fd \(inherited): cannot lock \(path): \(error)")
        }
        guard taken else {
            throw .rootInUse(path: root.url.path, pid: nil)
        }
        self.descriptor = descriptor
        Self.recordHolder(descriptor)
    }

    deinit { try? descriptor.close() }
}
