import Foundation
import ManagedSettings
import OALPlatform

import struct OALDomain.AppSelection

/// A usage threshold inside an activity.
public struct DeviceActivityEvent: Hashable, Sendable {
    public struct Name: Hashable, Sendable, RawRepresentable {
        public var rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }
    }

    public var applications: Set<ApplicationToken>
    public var categories: Set<ActivityCategoryToken>
    public var webDomains: Set<WebDomainToken>
    public var threshold: DateComponents
    public var includesPastActivity: Bool

    public init(
        applications: Set<ApplicationToken> = [], categories: Set<ActivityCategoryToken> = [],
        webDomains: Set<WebDomainToken> = [], threshold: DateComponents, includesPastActivity: Bool = false
    ) {
        self.applications = applications
        self.categories = categories
        self.webDomains = webDomains
        self.threshold = threshold
        self.includesPastActivity = includesPastActivity
    }

    /// "True if applications, categories, and webDomains are empty"
    /// (Apple's `includesAllActivity`): the event counts every app's use.
    public var includesAllActivity: Bool { applications.isEmpty && categories.isEmpty && webDomains.isEmpty }

    /// The platform's event: the threshold in whole minutes (hours, minutes
    /// and seconds, rounded up to the next minute, the platform's step). A
    /// component of no fixed length (a day) is refused as
    /// `invalidDateComponents`, naming it, not dropped.
    func platform(activity: String, event: Name) throws -> OALPlatform.DeviceActivityEvent {
        let seconds = try DeviceActivitySchedule.span(
            threshold, activity: activity, of: "threshold of event '\(event.rawValue)'")
        let minutes = (seconds + 59) / 60
        return OALPlatform.DeviceActivityEvent(
            selection: AppSelection(
                applications: Set(applications.map(\.platform)), categories: Set(categories.map(\.platform)),
                webDomains: Set(webDomains.map(\.platform))),
            thresholdMinutes: minutes, includesPastActivity: includesPastActivity)
    }
}
