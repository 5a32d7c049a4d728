import Foundation
import OALSystem

/// The App Group directory the app and its extensions share
/// (`<root>/appgroup/` of an emulated device). Created with mode 0700.
public struct AppGroupContainer: Sendable, Hashable {
    public let url: URL

    /// The directory's path.
    public var path: String { url.path }

    /// Uses (and creates, with any missing parents, mode 0700) `url`.
    public init(url: URL) throws(StoreError) {
        self.url = url.standardizedFileURL
        let path = self.url.path
        try io(path, "mkdir") { () throws(Errno) in try FileSystem.createDirectory(path) }
    }

    /// The App Group container of the emulated device rooted at `deviceRoot`.
    public init(deviceRoot: URL) throws(StoreError) {
        try self.init(url: deviceRoot.appendingPathComponent("appgroup", isDirectory: true))
    }

    /// The path of `name` directly inside the container, after validation.
    public func filePath(_ name: String) throws(StoreError) -> String {
        try Self.validate(name: name)
        return path + "/" + name
    }

    /// The path of the subdirectory `name`, created 0700 when missing.
    /// `durable`: a directory it creates is named by a synced container,
    /// or a power loss takes it and everything synced inside it.
    public func subdirectory(_ name: String, durable: Bool = false) throws(StoreError) -> String {
        let dir = try filePath(name)
        let path = self.path
        try io(dir, "mkdir") { () throws(Errno) in
            if try FileSystem.status(dir)?.isDirectory == true { return }
            try FileSystem.createDirectory(dir)
            if durable { try FileSystem.syncDirectory(path) }
        }
        return dir
    }

    /// Rejects any name that could escape the container or is not a single
    /// plain file name: empty, `.`/`..`, containing `/`, `..`, NUL or a
    /// newline, or longer than 200 bytes. Rule ids and store names used in
    /// file names go through here.
    public static func validate(name: String) throws(StoreError) {
        func reject(_ reason: String) -> StoreError { .invalidName(name, reason: reason) }
        if name.isEmpty { throw reject("empty") }
        // An ASCII name (every store's) is checked on its bytes, in the same
        // order: each byte is a Character there, and Foundation's substring
        // search and the Character walk cost a callback opening a dozen
        // stores about a twentieth of its own work.
        if let reason = asciiProblem(name) {
            if reason.isEmpty { return }
            throw reject(reason)
        }
        if name == "." { throw reject("names the directory itself") }
        if name.contains("..") { throw reject("contains '..'") }
        if name.contains("/") { throw reject("contains '/'") }
        if name.utf8.contains(0) { throw reject("contains NUL") }
        if name.contains(where: \.isNewline) { throw reject("contains a line break") }
        if name.utf8.count > 200 { throw reject("longer than 200 bytes") }
    }

    /// For an ASCII `name`: "" when it is valid, else the reason `validate`
    /// gives; nil when it is not ASCII.
    private static func asciiProblem(_ name: String) -> String? {
        let bytes = name.utf8
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        if bytes.count == 1 && bytes.first == UInt8(ascii: ".") { return "names the directory itself" }
        var previous: UInt8 = 0
        for byte in bytes {
            if byte == UInt8(ascii: ".") && previous == UInt8(ascii: ".") { return "contains '..'" }
            previous = byte
        }
        if bytes.contains(UInt8(ascii: "/")) { return "contains '/'" }
        if bytes.contains(0) { return "contains NUL" }
        // U+000A through U+000D, the ASCII line breaks (`Character.isNewline`).
        if bytes.contains(where: { (0x0A...0x0D).contains($0) }) { return "contains a line break" }
        if bytes.count > 200 { return "longer than 200 bytes" }
        return ""
    }
}
