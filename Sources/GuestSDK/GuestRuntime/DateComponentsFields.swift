import Foundation

/// The `DateComponents` fields a stand-in refuses, by name: each API takes
/// some components and must name the first other one it is given rather
/// than drop it (docs/PLATFORM.md: nothing is ignored without a word).
public enum DateComponentField: String, CaseIterable, Sendable {
    case era, year, month, day, weekday, quarter, weekOfMonth, weekOfYear, yearForWeekOfYear, weekdayOrdinal
    case nanosecond

    func value(in components: DateComponents) -> Int? {
        switch self {
        case .era: components.era
        case .year: components.year
        case .month: components.month
        case .day: components.day
        case .weekday: components.weekday
        case .quarter: components.quarter
        case .weekOfMonth: components.weekOfMonth
        case .weekOfYear: components.weekOfYear
        case .yearForWeekOfYear: components.yearForWeekOfYear
        case .weekdayOrdinal: components.weekdayOrdinal
        case .nanosecond: components.nanosecond
        }
    }
}

extension DateComponents {
    /// The first of `fields` these components give, in `fields`' order.
    public func firstGiven(of fields: [DateComponentField]) -> DateComponentField? {
        fields.first { $0.value(in: self) != nil }
    }
}
