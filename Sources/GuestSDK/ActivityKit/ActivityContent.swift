import Foundation

/// A Live Activity's content at one time: its state, when it goes stale,
/// and how relevant it is against the app's other Live Activities
/// (https://developer.apple.com/documentation/activitykit/activitycontent).
public struct ActivityContent<State>: Hashable where State: Decodable & Encodable & Hashable {
    /// The dynamic content.
    public var state: State
    /// When the content is out of date; nil when it never is.
    public var staleDate: Date?
    /// The Live Activity's priority on the Dynamic Island; 0 by default
    /// (https://developer.apple.com/documentation/activitykit/activitycontent/init(state:staledate:relevancescore:)).
    public var relevanceScore: Double

    public init(state: State, staleDate: Date?, relevanceScore: Double = 0.0) {
        self.state = state
        self.staleDate = staleDate
        self.relevanceScore = relevanceScore
    }
}
