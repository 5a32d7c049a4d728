import Foundation

/// The options only a schedule rule has: its daily window, how it reads its
/// list, and whether the adult-website filter rides along.
///
/// Times are minutes from local midnight. `endMinutes <= startMinutes`
/// means the window crosses midnight and belongs to the day it starts on;
/// equal values make a 24-hour window.
public struct ScheduleConfig: Hashable, Codable, Sendable {
    public static let minutesPerDay = 1440

    public let startMinutes: Int
    public let endMinutes: Int
    public let selectionMode: SelectionMode
    public let blockAdultContent: Bool

    public init(
        startMinutes: Int, endMinutes: Int,
        selectionMode: SelectionMode = .block, blockAdultContent: Bool = false
    ) throws(RuleValidationError) {
        try Self.checkMinuteOfDay(startMinutes, field: "startMinutes")
        try Self.checkMinuteOfDay(endMinutes, field: "endMinutes")
        self.startMinutes = startMinutes
        self.endMinutes = endMinutes
        self.selectionMode = selectionMode
        self.blockAdultContent = blockAdultContent
    }

    /// Whether the window runs past midnight into the next day (24-hour
    /// windows included).
    public var crossesMidnight: Bool { endMinutes <= startMinutes }

    /// The window's wall-clock length in minutes (1440 for a 24-hour window).
    /// A DST day can make the real duration an hour longer or shorter.
    public var lengthMinutes: Int {
        crossesMidnight ? Self.minutesPerDay - startMinutes + endMinutes : endMinutes - startMinutes
    }

    /// "09:00 – 17:00", as the rule detail shows it.
    public var windowText: String {
        "\(Self.clockText(startMinutes)) – \(Self.clockText(endMinutes))"
    }

    /// "07:05" for 425.
    public static func clockText(_ minutes: Int) -> String {
        let hour = minutes / 60
        let minute = minutes % 60
        return (hour < 10 ? "0" : "") + "\(hour):" + (minute < 10 ? "0" : "") + "\(minute)"
    }

    static func checkMinuteOfDay(_ value: Int, field: String) throws(RuleValidationError) {
        guard (0..<minutesPerDay).contains(value) else {
            throw RuleValidationError(field: field, problem: "\(value) is outside 0..<1440 minutes from midnight")
        }
    }

    private enum CodingKeys: String, CodingKey {
        case startMinutes, endMinutes, selectionMode, blockAdultContent
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        try self.init(
            startMinutes: try container.decode(Int.self, forKey: .startMinutes),
            endMinutes: try container.decode(Int.self, forKey: .endMinutes),
            selectionMode: try container.decode(SelectionMode.self, forKey: .selectionMode),
            blockAdultContent: try container.decode(Bool.self, forKey: .blockAdultContent))
    }
}
