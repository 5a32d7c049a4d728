import Foundation
import OALPlatform
import OALSystem

/// `oal-device init`: a new device root, empty, from a fixture, or ready
/// for a scenario.
public enum DeviceInit {
    public enum Source {
        case empty(start: Date, timeZoneIdentifier: String)
        /// A fixture directory (`FixtureLocator` finds one by name).
        case fixture(URL)
        case scenario(Scenario)
    }

    public static func create(root: DeviceRoot, from source: Source) throws {
        if FileManager.default.fileExists(atPath: root.system.path) {
            throw EngineError.rootExists(root.url.path)
        }
        switch source {
        case .empty(let start, let zone):
            try DeviceSetup.initialize(root: root, start: start, timeZoneIdentifier: zone)
        case .fixture(let fixture):
            try FileManager.default.createDirectory(at: root.url, withIntermediateDirectories: true)
            for part in ["appgroup", "app", "system"] {
                let source = fixture.appendingPathComponent(part, isDirectory: true)
                guard FileManager.default.fileExists(atPath: source.path) else { continue }
                let copy = root.url.appendingPathComponent(part, isDirectory: true)
                try FileManager.default.copyItem(at: source, to: copy)
                try makePrivate(copy.path)
            }
            try root.create()
            // A fixture is a still image of a device; it keeps its clock but
            // not what its generating run was doing in the foreground.
            ForegroundHandshake(root: root).remove()
            // Nor its oracle's facts: they point into a trace not copied.
            try? FileManager.default.removeItem(at: root.system.appendingPathComponent("oracle-state.json"))
            // Nor the run that made it: a run on the new root is a new run.
            try? FileManager.default.removeItem(at: RootRun.url(root))
        case .scenario(let scenario):
            try DeviceSetup.prepare(root: root, for: scenario)
        }
    }

    /// A fixture's files come out of the repository 0644 and 0755 (git
    /// keeps no other modes): a copy is set to the contract's 0600 files and
    /// 0700 directories. A symbolic link in a fixture is not data and is
    /// dropped, so the copy never points out of the root.
    static func makePrivate(_ path: String) throws {
        guard let status = try FileSystem.linkStatus(path) else { return }
        if status.isDirectory {
            try FileSystem.setPermissions(path, .ownerReadWriteExecute)
            for entry in try FileManager.default.contentsOfDirectory(atPath: path) {
                try makePrivate(path + "/" + entry)
            }
        } else if status.isRegularFile {
            try FileSystem.setPermissions(path, .ownerReadWrite)
        } else {
            try FileSystem.unlink(path)
        }
    }
}
