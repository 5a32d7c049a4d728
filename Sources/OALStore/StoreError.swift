import OALSystem

/// Why a store operation failed. Every case names the file involved.
public enum StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file was written by a newer version of the format than this code
    /// knows. It is left untouched: never rewritten, never moved.
    case newerFormat(path: String, found: Int, known: Int)
    /// The file does not parse. It has been moved aside to `quarantinedTo`
    /// (original bytes preserved) so the store starts afresh next time; the
    /// data is reported lost here rather than silently reset. `line` is the
    /// 1-based line for JSON Lines journals.
    case corrupt(path: String, line: Int?, reason: String, quarantinedTo: String?)
    /// A system call failed.
    case io(path: String, operation: String, errno: Errno)
    /// A name that could escape the App Group directory (or is otherwise
    /// unusable as a file name) was refused.
    case invalidName(String, reason: String)

    public var description: String {
        switch self {
        case .newerFormat(let path, let found, let known):
            return "\(path): format version \(found) is newer than the known version \(known); left untouched"
        case .corrupt(let path, let line, let reason, let quarantinedTo):
            let place = line.map { "\(path):\($0)" } ?? path
            let moved = quarantinedTo.map { "; moved aside to \($0)" } ?? ""
            return "\(place): corrupt store file: \(reason)\(moved)"
        case .io(let path, let operation, let errno):
            return "\(path): \(operation) failed: \(errno)"
        case .invalidName(let name, let reason):
            return "invalid store name \(String(reflecting: name)): \(reason)"
        }
    }

    /// The path the error is about (nil for `invalidName`).
    public var path: String? {
        switch self {
        case .newerFormat(let path, _, _), .corrupt(let path, _, _, _), .io(let path, _, _): path
        case .invalidName: nil
        }
    }
}

/// Runs a system-call wrapper and turns its `Errno` into `StoreError.io`.
@inline(__always)
func io<T>(_ path: String, _ operation: String, _ body: () throws(Errno) -> T) throws(StoreError) -> T {
    do {
        return try body()
    } catch {
        throw StoreError.io(path: path, operation: operation, errno: error)
    }
}
