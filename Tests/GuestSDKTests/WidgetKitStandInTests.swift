import Foundation
import Testing
import WidgetKit

/// WidgetKit on a device with no widget host (docs/PLATFORM.md, "What
/// Foqos's unit tests reach").
@Suite("WidgetKit stand-in")
struct WidgetKitStandInTests {
    /// https://developer.apple.com/documentation/widgetkit/widgetcenter/reloadtimelines(ofkind:):
    /// a request to reload a kind's timelines. No widget can be reloaded
    /// here, so each request is kept per kind (and said on stderr).
    @Test func aReloadRequestIsKeptPerKind() {
        let center = WidgetCenter.shared
        let kind = "ProfileControlWidget-\(UUID().uuidString)"
        let other = "Other-\(UUID().uuidString)"
        let allBefore = center.reloadAllRequests
        center.reloadTimelines(ofKind: kind)
        center.reloadTimelines(ofKind: kind)
        center.reloadTimelines(ofKind: other)
        center.reloadAllTimelines()
        #expect(center.reloadRequests(ofKind: kind) == 2)
        #expect(center.reloadRequests(ofKind: other) == 1)
        #expect(center.reloadRequests(ofKind: "never-\(UUID().uuidString)") == 0)
        #expect(center.reloadAllRequests >= allBefore + 1)
    }

    /// https://developer.apple.com/documentation/widgetkit/widgetcenter/getcurrentconfigurations(_:):
    /// the widgets the person has configured; the emulated device shows
    /// none, so the answer is an empty list, not an error.
    @Test func noWidgetIsConfigured() async throws {
        var answer: Result<[WidgetInfo], any Error>?
        WidgetCenter.shared.getCurrentConfigurations { answer = $0 }
        let configurations = try #require(answer).get()
        #expect(configurations.isEmpty)
        #expect(try await WidgetCenter.shared.currentConfigurations().isEmpty)
    }
}
