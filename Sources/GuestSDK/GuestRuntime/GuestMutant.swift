import Foundation
import Glibc
import OALSystem

/// The mutant of a mutation run (`oal-device guest mutate`, docs/GUEST.md
/// "Mutation score"): a mutated copy of the app is built once with every
/// site as a schema (`__oalMutant(N)`, from the prelude), and the emulated
/// OS sets `OAL_MUTANT=guest-N` for each launch of a run (the variable the
/// emulator's own mutants use), read once per process. Unset or any other
/// value: every site behaves as the original.
///
/// With `OAL_MUTANT_COVERAGE=DIR` (the unmutated runs of a score), every
/// site a process evaluates is also recorded (`MutantCoverageLog`): the
/// sites no scenario reaches are `not covered`.
public enum GuestMutant {
    public static let active: Int? = {
        guard let value = ProcessInfo.processInfo.environment[MutantVariable.name], value.hasPrefix("guest-") else {
            return nil
        }
        return Int(value.dropFirst("guest-".count))
    }()

    /// Where reached sites are recorded, or nil (a load and a branch).
    static let coverage: MutantCoverageLog? = {
        guard let directory = ProcessInfo.processInfo.environment[MutantVariable.coverage], !directory.isEmpty else {
            return nil
        }
        return MutantCoverageLog(directory: directory)
    }()

    @inline(__always) public static func on(_ id: Int) -> Bool {
        if let coverage { coverage.reach(id) }
        return active == id
    }
}

/// The sites one process reached, appended to `DIR/<pid>.sites` (one
/// number a line, one `write(2)` each, `O_APPEND`), each site once: the
/// ones already written are remembered in the process. A process forked
/// from one that recorded starts a file of its own.
public final class MutantCoverageLog: @unchecked Sendable {
    public let directory: String
    private var written: Set<Int> = []
    private var file: FileDescriptor?
    /// The process `written` and `file` belong to.
    private var owner: pid_t = 0
    private let lock = NSLock()

    public init(directory: String) {
        self.directory = directory
    }

    public struct WriteError: Error, CustomStringConvertible {
        public var description: String
    }

    /// The file of the process calling.
    public var path: String { "\(directory)/\(getpid()).\(MutantVariable.coverageFileExtension)" }

    /// Records `id`; a site that cannot be recorded stops the process,
    /// naming the file: a score that lost a reached site would count its
    /// mutant against the app.
    public func reach(_ id: Int) {
        do {
            try record(id)
        } catch {
            fatalError("\(MutantVariable.coverage): \(error.description)")
        }
    }

    /// Records `id` unless this process already did.
    public func record(_ id: Int) throws(WriteError) {
        lock.lock()
        defer { lock.unlock() }
        let pid = getpid()
        if pid != owner {
            // Forked after recording: the parent's sites and file are not this process's.
            if let file { try? file.close() }
            file = nil
            written = []
            owner = pid
        }
        guard !written.contains(id) else { return }
        let path = self.path
        do {
            let descriptor = try file ?? FileDescriptor.openOwned(path, .append)
            file = descriptor
            try descriptor.writeAll(Array("\(id)\n".utf8))
        } catch {
            throw WriteError(description: "\(path): the reached site \(id) cannot be recorded: \(error)")
        }
        written.insert(id)
    }
}
