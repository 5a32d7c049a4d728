import ActivityKit
import Foundation
import Testing

/// ActivityKit on a device where Live Activities are off (docs/PLATFORM.md,
/// "What Foqos's unit tests reach").
@Suite("ActivityKit stand-in")
struct ActivityKitStandInTests {
    /// Foqos's `FoqosWidgetAttributes`, in shape.
    struct SessionAttributes: ActivityAttributes {
        struct ContentState: Codable, Hashable {
            var startTime: Date
            var expectedEndTime: Date?
        }
        var name: String
    }

    /// https://developer.apple.com/documentation/activitykit/activityauthorizationinfo/areactivitiesenabled
    /// and https://developer.apple.com/documentation/activitykit/activityauthorizationerror/denied
    /// ("A person deactivated Live Activities in Settings"): the app may
    /// not start one, a request throws `denied`, and none is running.
    @Test func requestThrowsDeniedAndNoActivityExists() {
        #expect(!ActivityAuthorizationInfo().areActivitiesEnabled)
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let state = SessionAttributes.ContentState(startTime: start, expectedEndTime: start + 3600)
        let content = ActivityContent(state: state, staleDate: state.expectedEndTime)
        #expect(throws: ActivityAuthorizationError.denied) {
            _ = try Activity.request(attributes: SessionAttributes(name: "Focus"), content: content, pushType: nil)
        }
        #expect(Activity<SessionAttributes>.activities.isEmpty)
    }

    /// https://developer.apple.com/documentation/activitykit/activitycontent/init(state:staledate:relevancescore:):
    /// the relevance score is 0 unless given.
    @Test func contentKeepsItsStateStaleDateAndRelevance() {
        let state = SessionAttributes.ContentState(startTime: Date(timeIntervalSince1970: 0), expectedEndTime: nil)
        let content = ActivityContent(state: state, staleDate: nil)
        #expect(content.state == state && content.staleDate == nil && content.relevanceScore == 0)
        #expect(ActivityContent(state: state, staleDate: nil, relevanceScore: 50).relevanceScore == 50)
        #expect(ActivityUIDismissalPolicy.immediate != .default)
    }
}
