/// The name of a monitored activity.
public struct DeviceActivityName: Hashable, Sendable, RawRepresentable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
}

/// `DeviceActivityReport.Context`: the name of a report scene, which an
/// app and its report extension share. The report itself is a SwiftUI view
/// drawn by the system and is not emulated.
public struct DeviceActivityReport {
    public struct Context: Hashable, Sendable, RawRepresentable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }
}
