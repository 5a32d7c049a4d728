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

    /// The platform's event: the threshold in whole minutes (hours and
    /// minutes; seconds round up to the next minute).
    var platform: OALPlatform.DeviceActivityEvent {
        let seconds = threshold.second ?? 0
        let minutes = (threshold.hour ?? 0) * 60 + (threshold.minute ?? 0) + (seconds + 59) / 60
        return OALPlatform.DeviceActivityEvent(
            selection: AppSelection(
                applications: Set(applications.map(\.platform)), categories: Set(categories.map(\.platform)),
                webDomains: Set(webDomains.map(\.platform))),
            thresholdMinutes: minutes, includesPastActivity: includesPastActivity)
    }
}
