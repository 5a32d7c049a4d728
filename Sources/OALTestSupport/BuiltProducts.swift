import Foundation

/// Finds the executables SwiftPM built next to the running test bundle, so
/// tests can spawn the real processes rather than call their code in-process.
///
/// `swift test` builds every product into the same directory as the test
/// runner binary; `OAL_BIN_DIR` overrides that for unusual layouts.
public enum BuiltProducts {
    public static var directory: URL {
        if let override = ProcessInfo.processInfo.environment["OAL_BIN_DIR"], !override.isEmpty {
            return URL(fileURLWithPath: override, isDirectory: true)
        }
        let runner = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        return runner.deletingLastPathComponent()
    }

    /// The path of the built executable `name`, or a failure that says where
    /// it was looked for.
    public static func executable(_ name: String) throws -> URL {
        let url = directory.appendingPathComponent(name)
        guard FileManager.default.isExecutableFile(atPath: url.path) else {
            throw MissingProduct(name: name, searched: directory.path)
        }
        return url
    }

    public struct MissingProduct: Error, CustomStringConvertible {
        public let name: String
        public let searched: String
        public var description: String {
            "built executable '\(name)' not found in \(searched); run `swift build` first or set OAL_BIN_DIR"
        }
    }
}
