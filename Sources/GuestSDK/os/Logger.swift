import Foundation
import GuestRuntime
import OALSystem

/// `os.Logger`: unified-log lines go to the process's stderr, which the
/// emulated OS appends to `<root>/logs/<process>.log` under the launch.
public struct Logger: Sendable {
    public let subsystem: String
    public let category: String

    public init(subsystem: String, category: String) {
        self.subsystem = subsystem
        self.category = category
    }

    public func log(level: OSLogType, _ message: OSLogMessage) { write(level, message) }
    public func log(_ message: OSLogMessage) { write(.default, message) }
    public func debug(_ message: OSLogMessage) { write(.debug, message) }
    public func info(_ message: OSLogMessage) { write(.info, message) }
    public func notice(_ message: OSLogMessage) { write(.default, message) }
    public func warning(_ message: OSLogMessage) { write(.error, message) }
    public func error(_ message: OSLogMessage) { write(.error, message) }
    public func fault(_ message: OSLogMessage) { write(.fault, message) }

    private func write(_ level: OSLogType, _ message: OSLogMessage) {
        StandardStream.error.write("[\(category)] \(level.name): \(message.text)\n")
    }
}

public struct OSLogType: Hashable, Sendable {
    let name: String
    public static let `default` = OSLogType(name: "default")
    public static let info = OSLogType(name: "info")
    public static let debug = OSLogType(name: "debug")
    public static let error = OSLogType(name: "error")
    public static let fault = OSLogType(name: "fault")
}

public struct OSLogPrivacy: Hashable, Sendable {
    let redacts: Bool
    public static let `public` = OSLogPrivacy(redacts: false)
    public static let `private` = OSLogPrivacy(redacts: true)
    public static let auto = OSLogPrivacy(redacts: false)
}

/// A log message. Private values are written too: the emulated log is the
/// developer's own, never a user's device.
public struct OSLogMessage: ExpressibleByStringInterpolation, Sendable {
    public let text: String

    public init(stringLiteral value: String) { text = value }
    public init(stringInterpolation: Interpolation) { text = stringInterpolation.text }

    public struct Interpolation: StringInterpolationProtocol, Sendable {
        var text = ""

        public init(literalCapacity: Int, interpolationCount: Int) {}
        public mutating func appendLiteral(_ literal: String) { text += literal }
        public mutating func appendInterpolation(_ value: String, privacy: OSLogPrivacy = .auto) { text += value }
        public mutating func appendInterpolation<T: CustomStringConvertible>(_ value: T, privacy: OSLogPrivacy = .auto)
        {
            text += value.description
        }
    }
}
