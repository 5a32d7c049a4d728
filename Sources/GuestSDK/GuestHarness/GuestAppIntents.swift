import AppIntents
import Foundation

/// The app's App Intents by type name, from its build (`GuestBuildInfo`).
enum GuestAppIntents {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var types: [String: any AppIntent.Type] = [:]

    static func install(_ intents: [String: any AppIntent.Type]) { lock.withLock { types = intents } }

    static func type(named name: String) -> (any AppIntent.Type)? { lock.withLock { types[name] } }

    static var names: [String] { lock.withLock { types.keys.sorted() } }
}
