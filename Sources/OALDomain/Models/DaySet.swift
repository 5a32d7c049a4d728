import Foundation

/// The days of the week a rule is on.
///
/// Encodes as the sorted list of weekday numbers (`[2,3,4,5,6]`), the same
/// shape as the wire format's `dayNumbers`.
public struct DaySet: Hashable, Codable, Sendable, SetAlgebra {
    public private(set) var days: Set<Weekday>

    public init() { days = [] }

    public init(_ days: some Sequence<Weekday>) { self.days = Set(days) }

    /// Strict: every number must be a weekday number 1...7. Repeats are
    /// harmless and collapse.
    public init(dayNumbers: [Int]) throws(RuleValidationError) {
        var days = Set<Weekday>()
        for number in dayNumbers {
            guard let day = Weekday(rawValue: number) else {
                throw RuleValidationError(
                    field: "dayNumbers", problem: "\(number) is not a weekday number (1 = Sunday ... 7 = Saturday)")
            }
            days.insert(day)
        }
        self.days = days
    }

    public static let everyDay = DaySet(Weekday.allCases)
    public static let weekdays = DaySet([.monday, .tuesday, .wednesday, .thursday, .friday])
    public static let weekends = DaySet([.saturday, .sunday])
    public static let never = DaySet()

    /// Sorted weekday numbers, Sunday first.
    public var dayNumbers: [Int] { days.map(\.rawValue).sorted() }

    /// Whether the rule is on for the day that contains `date`.
    public func includes(_ date: Date, in calendar: Calendar) -> Bool {
        days.contains(Weekday(of: date, in: calendar))
    }

    /// The day picker's summary: "Every day", "Weekdays", "Weekends",
    /// "Never" when empty, otherwise the short names in the picker's order
    /// (Sunday first), e.g. "Mon, Wed, Fri".
    public var summary: String {
        switch self {
        case .everyDay: "Every day"
        case .weekdays: "Weekdays"
        case .weekends: "Weekends"
        case .never: "Never"
        default: days.sorted().map(\.shortName).joined(separator: ", ")
        }
    }

    // SetAlgebra, so callers can toggle days with insert/remove/contains.
    public func contains(_ member: Weekday) -> Bool { days.contains(member) }
    public func union(_ other: DaySet) -> DaySet { DaySet(days.union(other.days)) }
    public func intersection(_ other: DaySet) -> DaySet { DaySet(days.intersection(other.days)) }
    public func symmetricDifference(_ other: DaySet) -> DaySet { DaySet(days.symmetricDifference(other.days)) }
    @discardableResult
    public mutating func insert(_ newMember: Weekday) -> (inserted: Bool, memberAfterInsert: Weekday) {
        days.insert(newMember)
    }
    @discardableResult
    public mutating func remove(_ member: Weekday) -> Weekday? { days.remove(member) }
    @discardableResult
    public mutating func update(with newMember: Weekday) -> Weekday? { days.update(with: newMember) }
    public mutating func formUnion(_ other: DaySet) { days.formUnion(other.days) }
    public mutating func formIntersection(_ other: DaySet) { days.formIntersection(other.days) }
    public mutating func formSymmetricDifference(_ other: DaySet) { days.formSymmetricDifference(other.days) }

    public init(from decoder: Decoder) throws {
        let numbers = try decoder.singleValueContainer().decode([Int].self)
        do {
            try self.init(dayNumbers: numbers)
        } catch {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(dayNumbers)
    }
}
