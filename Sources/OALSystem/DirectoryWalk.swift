import Glibc

/// Every entry under a directory, recursively, as `readdir(3)` lists them:
/// what `FileManager.enumerator(atPath:)` yields (files, directories and
/// links, hidden ones too, links not followed), without its per-entry
/// Foundation objects. The oracle lists the App Group after every step.
public enum DirectoryWalk {
    /// The entries' paths relative to `directory`, in no particular order;
    /// none for a directory that cannot be opened (nor below one).
    public static func relativePaths(under directory: String) -> [String] {
        var result: [String] = []
        walk(directory, prefix: "", into: &result)
        return result
    }

    /// One directory's own entries (not below), each with whether it is
    /// a real directory; nil when it cannot be opened.
    public static func entries(of directory: String) -> [(name: String, isDirectory: Bool)]? {
        guard let stream = opendir(directory) else { return nil }
        defer { closedir(stream) }
        var result: [(name: String, isDirectory: Bool)] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if name == "." || name == ".." { continue }
            result.append((name, isDirectory(type: entry.pointee.d_type, path: directory + "/" + name)))
        }
        return result
    }

    private static func walk(_ directory: String, prefix: String, into result: inout [String]) {
        guard let stream = opendir(directory) else { return }
        defer { closedir(stream) }
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if name == "." || name == ".." { continue }
            let relative = prefix + name
            result.append(relative)
            let path = directory + "/" + name
            if isDirectory(type: entry.pointee.d_type, path: path) {
                walk(path, prefix: relative + "/", into: &result)
            }
        }
    }

    /// A real directory (a link to one is not descended into).
    private static func isDirectory(type: UInt8, path: String) -> Bool {
        if type != UInt8(DT_UNKNOWN) { return type == UInt8(DT_DIR) }
        guard let status = try? FileSystem.linkStatus(path) else { return false }
        return status.isDirectory
    }
}
