import Foundation
import OALStore

/// URLs an app asked iOS to open (`UIApplication.open`, SwiftUI's
/// `openURL`), `<root>/system/url-opens.json`: written by the app's
/// process when it asks, drained by the device, which then brings the app
/// that answers to the front (and any automation its opening triggers
/// runs). A request is kept until the device acts on it, so a device
/// killed in between finds it on resume.
public struct URLOpenRequests: Sendable {
    public struct Request: Codable, Hashable, Sendable {
        public var url: String
        /// The catalog app that answers, chosen when asked (what `open`'s
        /// completion was told).
        public var app: String
        public var route: String
        /// The process kind that asked, for the trace.
        public var from: String

        public init(url: String, app: String, route: String, from: String) {
            self.url = url
            self.app = app
            self.route = route
            self.from = from
        }
    }

    struct Document: Codable, Hashable, Sendable {
        var requests: [Request]
    }

    static let name = "url-opens"

    private let file: DocumentFile<Document>

    public static func exists(on root: DeviceRoot) -> Bool {
        FileManager.default.fileExists(atPath: root.system.appendingPathComponent(name + ".json").path)
    }

    public init(system: AppGroupContainer, observer: StoreAccessObserver? = nil) throws {
        file = try DocumentFile(
            container: system, name: Self.name, format: "oal." + Self.name, version: 1, observer: observer)
    }

    public func append(_ request: Request) throws {
        try file.update { (document: inout Document?) in
            document = Document(requests: (document?.requests ?? []) + [request])
        }
    }

    /// The requests in the order asked, removed from the file.
    public func drain() throws -> [Request] {
        var drained: [Request] = []
        try file.update { (document: inout Document?) in
            drained = document?.requests ?? []
            if !drained.isEmpty { document = Document(requests: []) }
        }
        return drained
    }
}
