import Foundation
import OALSystem

/// The widgets the app has installed, and the requests to reload their
/// timelines (https://developer.apple.com/documentation/widgetkit/widgetcenter).
///
/// The emulated device has no widget host and no widget on any screen:
/// current configurations are empty, which is what iOS answers when the
/// person has added none. A reload request cannot reach a widget, so it is
/// not dropped silently: it is counted per kind (the count a test reads)
/// and said on standard error, one line naming the kind, which the device
/// keeps in the launch's log.
public final class WidgetCenter: @unchecked Sendable {
    /// The shared widget center
    /// (https://developer.apple.com/documentation/widgetkit/widgetcenter/shared).
    public static let shared = WidgetCenter()

    private let lock = NSLock()
    private var reloadsByKind: [String: Int] = [:]
    private var reloadsOfAll = 0

    private init() {}

    /// Asks for the timelines of every widget of `kind` to be reloaded
    /// (https://developer.apple.com/documentation/widgetkit/widgetcenter/reloadtimelines(ofkind:)).
    public func reloadTimelines(ofKind kind: String) {
        let count = lock.withLock {
            reloadsByKind[kind, default: 0] += 1
            return reloadsByKind[kind, default: 0]
        }
        StandardStream.error.write(
            "WidgetKit: WidgetCenter.reloadTimelines(ofKind: \"\(kind)\") (request \(count)): the emulated device has no widget host, no widget is reloaded\n"
        )
    }

    /// Asks for the timelines of all the app's widgets to be reloaded
    /// (https://developer.apple.com/documentation/widgetkit/widgetcenter/reloadalltimelines()).
    public func reloadAllTimelines() {
        let count = lock.withLock {
            reloadsOfAll += 1
            return reloadsOfAll
        }
        StandardStream.error.write(
            "WidgetKit: WidgetCenter.reloadAllTimelines() (request \(count)): the emulated device has no widget host, no widget is reloaded\n"
        )
    }

    /// The widgets the person has configured
    /// (https://developer.apple.com/documentation/widgetkit/widgetcenter/getcurrentconfigurations(_:)):
    /// none on the emulated device, so `.success([])`. The handler is
    /// called before this returns; Apple does not say on which queue or when.
    public func getCurrentConfigurations(_ completion: @escaping (Result<[WidgetInfo], any Error>) -> Void) {
        completion(.success([]))
    }

    /// The async form of `getCurrentConfigurations(_:)`
    /// (https://developer.apple.com/documentation/widgetkit/widgetcenter/currentconfigurations()).
    public func currentConfigurations() async throws -> [WidgetInfo] { [] }

    /// How many times the app asked to reload `kind`'s timelines.
    package func reloadRequests(ofKind kind: String) -> Int { lock.withLock { reloadsByKind[kind, default: 0] } }

    /// How many times the app asked to reload every timeline.
    package var reloadAllRequests: Int { lock.withLock { reloadsOfAll } }
}
