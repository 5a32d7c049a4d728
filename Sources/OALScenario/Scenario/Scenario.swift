import Foundation
import OALSystem

/// A parsed scenario: the device it runs on and the user's day, with every
/// step already resolved to an instant.
public struct Scenario: Sendable {
    /// The path it was read from, for `file:line` messages and the trace.
    public var file: String
    public var timeZoneIdentifier: String
    public var start: Date
    public var end: Date
    public var seed: UInt64
    public var catalogAdditions: [CatalogAddition]
    /// In time order; steps at the same instant keep their file order.
    public var steps: [ScenarioStep]
    /// Header `fault` lines: armed when the run starts (docs/FAULTS.md).
    public var faults: [Fault]

    /// What names this scenario in a root's saved state, however its path
    /// was spelled (`demo.scenario`, `./x/../demo.scenario`, an absolute
    /// path, a link to it): the resolved absolute path.
    public var identity: String { Self.identity(of: file) }

    /// `path` resolved (`realpath`); a path that no longer exists is made
    /// absolute and standardized instead.
    public static func identity(of path: String) -> String {
        FileSystem.resolvedPath(path) ?? URL(fileURLWithPath: path).standardizedFileURL.path
    }

    public init(
        file: String, timeZoneIdentifier: String, start: Date, end: Date, seed: UInt64,
        catalogAdditions: [CatalogAddition], steps: [ScenarioStep], faults: [Fault] = []
    ) {
        self.faults = faults
        self.file = file
        self.timeZoneIdentifier = timeZoneIdentifier
        self.start = start
        self.end = end
        self.seed = seed
        self.catalogAdditions = catalogAdditions
        self.steps = steps
    }
}

/// `catalog app NAME BUNDLE CATEGORY`: an app installed on top of the
/// standard catalog.
public struct CatalogAddition: Hashable, Sendable {
    public var name: String
    public var bundleIdentifier: String
    public var category: String
}

/// One timed line of a scenario.
public struct ScenarioStep: Sendable {
    public var time: Date
    public var line: Int
    public var action: ScenarioAction
    /// The line as written (comments stripped), for the trace and messages.
    public var text: String
}
