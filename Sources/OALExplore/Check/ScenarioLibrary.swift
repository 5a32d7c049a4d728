import Foundation

/// The hand-written scenarios `oal-device check` plays against one app:
/// the library under `scenarios/`. The top folder, `dst/`, `regressions/`
/// and `mutation/` are written for OpenAppLock, which the emulator's own
/// app emulates; `guests/<app>/` holds a guest app's own (Foqos's days do
/// not describe OpenAppLock, nor the other way round).
public struct ScenarioLibrary: Sendable {
    /// The `scenarios/` directory of the emulator's checkout.
    public var directory: URL
    /// The app's harness name, lowercased (`openapplock`, `foqos`).
    public var app: String

    /// The app the shared folders describe.
    public static let sharedApp = "openapplock"
    /// The folders, under `scenarios/`, written for `sharedApp`.
    public static let sharedFolders = ["", "dst", "regressions", "mutation"]

    public init(directory: URL, app: String) {
        self.directory = directory.standardizedFileURL
        self.app = app.lowercased()
    }

    /// The folders this app's library is read from, in order.
    public var folders: [String] {
        (app == Self.sharedApp ? Self.sharedFolders : []) + ["guests/\(app)"]
    }

    /// Every `.scenario` file of the app's folders, folder by folder, by
    /// name. A shared folder that is missing is an error naming it; an app
    /// with no folder of its own under `guests/` has none.
    public func paths() throws(LibraryError) -> [String] {
        var paths: [String] = []
        for folder in folders {
            let url = folder.isEmpty ? directory : directory.appendingPathComponent(folder, isDirectory: true)
            let names: [String]
            do {
                names = try FileManager.default.contentsOfDirectory(atPath: url.path)
            } catch {
                if folder.hasPrefix("guests/") { continue }
                throw LibraryError(path: url.path, reason: "cannot list it: \(error.localizedDescription)")
            }
            paths += names.filter { $0.hasSuffix(".scenario") }.sorted().map { url.appendingPathComponent($0).path }
        }
        if paths.isEmpty {
            throw LibraryError(path: directory.path, reason: "no .scenario file for \(app) in \(folders)")
        }
        return paths
    }

    /// Why the library could not be read, and where.
    public struct LibraryError: Error, Sendable, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "scenario library \(path): \(reason)" }
    }
}
