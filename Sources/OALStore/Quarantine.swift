import OALSystem

/// Moving a file that does not parse out of the way.
enum Quarantine {
    /// Renames `path` to `<path>.corrupt-<n>` with the smallest free n ≥ 1
    /// (a per-file sequence, not a clock reading, so runs stay reproducible)
    /// and returns the new path. The caller holds the file's exclusive lock.
    static func moveAside(_ path: String, durable: Bool) throws(StoreError) -> String {
        var n = 1
        while true {
            let candidate = "\(path).corrupt-\(n)"
            let existing = try io(candidate, "stat") { () throws(Errno) in try FileSystem.status(candidate) }
            if existing == nil {
                try io(path, "rename to \(candidate)") { () throws(Errno) in
                    try FileSystem.rename(path, to: candidate)
                }
                if durable {
                    let dir = FileSystem.directoryName(of: path)
                    try io(dir, "fsync directory") { () throws(Errno) in try FileSystem.syncDirectory(dir) }
                }
                return candidate
            }
            n += 1
        }
    }
}
