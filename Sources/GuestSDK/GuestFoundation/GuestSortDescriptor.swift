import Foundation

/// `SortDescriptor` for guest code. Foundation on Linux has the type, but
/// its localized string comparators (`.localizedStandard`, the default of
/// Apple's `SortDescriptor(\.name)`) cannot be made, and SwiftData's fetches
/// take it; the prelude's `typealias SortDescriptor = GuestSortDescriptor`
/// shadows Foundation's in the guest's module (docs/GUEST.md).
///
/// It is a `SortComparator`, so `sorted(using:)` works on it as on Apple's.
public struct GuestSortDescriptor<Compared>: SortComparator, @unchecked Sendable {
    public var order: SortOrder
    /// The key path it sorts by, as Apple's exposes it.
    public let keyPath: PartialKeyPath<Compared>?
    private let comparison: Comparison
    private let forward: (Compared, Compared) -> ComparisonResult

    private enum Comparison: Hashable {
        case comparable
        case string(GuestStringComparator)
    }

    public init<Value: Comparable>(_ keyPath: KeyPath<Compared, Value>, order: SortOrder = .forward) {
        self.init(keyPath: keyPath, order: order, comparison: .comparable) { lhs, rhs in
            Self.compare(lhs[keyPath: keyPath], rhs[keyPath: keyPath])
        }
    }

    public init<Value: Comparable>(_ keyPath: KeyPath<Compared, Value?>, order: SortOrder = .forward) {
        self.init(keyPath: keyPath, order: order, comparison: .comparable) { lhs, rhs in
            switch (lhs[keyPath: keyPath], rhs[keyPath: keyPath]) {
            case (nil, nil): .orderedSame
            case (nil, _): .orderedAscending
            case (_, nil): .orderedDescending
            case (let left?, let right?): Self.compare(left, right)
            }
        }
    }

    public init(
        _ keyPath: KeyPath<Compared, String>, comparator: GuestStringComparator = .localizedStandard,
        order: SortOrder = .forward
    ) {
        self.init(keyPath: keyPath, order: order, comparison: .string(comparator)) { lhs, rhs in
            comparator.compare(lhs[keyPath: keyPath], rhs[keyPath: keyPath])
        }
    }

    public init(
        _ keyPath: KeyPath<Compared, String?>, comparator: GuestStringComparator = .localizedStandard,
        order: SortOrder = .forward
    ) {
        self.init(keyPath: keyPath, order: order, comparison: .string(comparator)) { lhs, rhs in
            switch (lhs[keyPath: keyPath], rhs[keyPath: keyPath]) {
            case (nil, nil): .orderedSame
            case (nil, _): .orderedAscending
            case (_, nil): .orderedDescending
            case (let left?, let right?): comparator.compare(left, right)
            }
        }
    }

    private init(
        keyPath: PartialKeyPath<Compared>, order: SortOrder, comparison: Comparison,
        forward: @escaping (Compared, Compared) -> ComparisonResult
    ) {
        self.keyPath = keyPath
        self.order = order
        self.comparison = comparison
        self.forward = forward
    }

    public func compare(_ lhs: Compared, _ rhs: Compared) -> ComparisonResult {
        let result = forward(lhs, rhs)
        guard order == .reverse else { return result }
        switch result {
        case .orderedAscending: return .orderedDescending
        case .orderedDescending: return .orderedAscending
        case .orderedSame: return .orderedSame
        }
    }

    private static func compare<Value: Comparable>(_ lhs: Value, _ rhs: Value) -> ComparisonResult {
        lhs < rhs ? .orderedAscending : (rhs < lhs ? .orderedDescending : .orderedSame)
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.keyPath == rhs.keyPath && lhs.order == rhs.order && lhs.comparison == rhs.comparison
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(keyPath)
        hasher.combine(comparison)
    }
}

/// How strings compare: `lexical` (code points), `localized`,
/// `localizedStandard` (Finder's order: case-insensitive, numbers by value).
public struct GuestStringComparator: Hashable, Sendable {
    let name: String
    public static let lexical = GuestStringComparator(name: "lexical")
    public static let localized = GuestStringComparator(name: "localized")
    public static let localizedStandard = GuestStringComparator(name: "localizedStandard")

    func compare(_ lhs: String, _ rhs: String) -> ComparisonResult {
        switch name {
        case "localized": lhs.compare(rhs, options: [], range: nil, locale: .current)
        case "localizedStandard":
            lhs.compare(rhs, options: [.caseInsensitive, .numeric, .widthInsensitive], range: nil, locale: .current)
        default: lhs == rhs ? .orderedSame : (lhs < rhs ? .orderedAscending : .orderedDescending)
        }
    }
}
