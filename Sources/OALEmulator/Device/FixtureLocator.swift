import Foundation

/// Finds a fixture of `appgroup-fixtures/` by name: in the directory the
/// caller names first (`oal-device` passes `$OAL_FIXTURES`), in the working
/// directory, or above the running executable (a checkout's
/// `.build/debug/oal-device` sits two or three levels below it).
public struct FixtureLocator: Sendable {
    /// Searched before the usual places.
    public var first: URL?

    public init(first: URL? = nil) { self.first = first }

    public func directory(named name: String) throws(EngineError) -> URL {
        if name.contains("/") {
            let url = URL(fileURLWithPath: name, isDirectory: true)
            guard Self.isDirectory(url) else { throw .fixtureNotFound(name: name, searched: [url.path]) }
            // A fixture is the still image of a device: a directory without
            // a clock (`/etc`) would "succeed" and leave a root that no
            // process can open.
            guard Self.isFixture(url) else { throw .notAFixture(url.path) }
            return url
        }
        let candidates = searchRoots().map { $0.appendingPathComponent(name, isDirectory: true) }
        guard let found = candidates.first(where: Self.isDirectory) else {
            throw .fixtureNotFound(name: name, searched: searchRoots().map(\.path))
        }
        guard Self.isFixture(found) else { throw .notAFixture(found.path) }
        return found
    }

    func searchRoots() -> [URL] {
        var roots = first.map { [$0] } ?? []
        roots.append(
            URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("appgroup-fixtures"))
        var directory = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<5 {
            directory = directory.deletingLastPathComponent()
            roots.append(directory.appendingPathComponent("appgroup-fixtures", isDirectory: true))
        }
        // The working directory is often the checkout above the executable:
        // each place is searched, and named in an error, once.
        var seen: Set<String> = []
        return roots.filter { seen.insert($0.standardizedFileURL.path).inserted }
    }

    /// A device image: `system/clock.json` (the one file every process
    /// needs) is there.
    static func isFixture(_ url: URL) -> Bool {
        FileManager.default.fileExists(atPath: url.appendingPathComponent("system/clock.json").path)
    }

    private static func isDirectory(_ url: URL) -> Bool {
        var flag: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &flag) && flag.boolValue
    }
}
