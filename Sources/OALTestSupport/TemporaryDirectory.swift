import Foundation

/// A fresh directory for one test's roots and files.
public enum TemporaryDirectory {
    /// `<tmp>/<prefix>-<UUID>`, created; the caller removes it.
    public static func make(prefix: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
