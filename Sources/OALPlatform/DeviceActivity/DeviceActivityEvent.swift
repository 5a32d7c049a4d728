import OALDomain

/// A usage threshold inside an activity: it is reached when the covered
/// apps have together been frontmost for `thresholdMinutes` during the
/// current interval.
///
/// `includesPastActivity` is iOS's flag of the same name: when true, an
/// event that starts counting part-way through an interval (the activity
/// was registered or restarted mid-interval) also counts the covered apps'
/// use earlier in that interval, so a restart does not forget the day's
/// usage. When false (the default, as on iOS) it counts from the
/// registration only. An interval that does not start on the hour counts
/// its past from the hour before (`UsageAccounting.pastActivityStart`).
public struct DeviceActivityEvent: Codable, Hashable, Sendable {
    public var selection: AppSelection
    public var thresholdMinutes: Int
    public var includesPastActivity: Bool

    public init(selection: AppSelection, thresholdMinutes: Int, includesPastActivity: Bool = false) {
        self.selection = selection
        self.thresholdMinutes = thresholdMinutes
        self.includesPastActivity = includesPastActivity
    }

    /// iOS's `includesAllActivity`: an event that names no application,
    /// category or web domain counts every app's use.
    public var includesAllActivity: Bool { selection.isEmpty }

    /// Whether `app`'s frontmost time counts towards this event.
    public func counts(_ app: InstalledApp, in catalog: InstalledAppCatalog) -> Bool {
        includesAllActivity || catalog.selection(selection, covers: app)
    }

    private enum CodingKeys: String, CodingKey {
        case selection, thresholdMinutes, includesPastActivity
    }

    /// Registry files written before the flag existed have no
    /// `includesPastActivity`: they read as false.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        selection = try container.decode(AppSelection.self, forKey: .selection)
        thresholdMinutes = try container.decode(Int.self, forKey: .thresholdMinutes)
        includesPastActivity = try container.decodeIfPresent(Bool.self, forKey: .includesPastActivity) ?? false
    }

    /// The flag is written only when set, so an event without it has the
    /// same bytes as before the flag existed.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(selection, forKey: .selection)
        try container.encode(thresholdMinutes, forKey: .thresholdMinutes)
        if includesPastActivity { try container.encode(true, forKey: .includesPastActivity) }
    }
}
