import Foundation

/// One property-list value of a `UserDefaults` domain, as the emulator
/// keeps it on disk: tagged JSON (`{"int": 3}`, `{"data": "base64"}`), so a
/// `Date` stays a `Date` and an `Int` an `Int` across processes, as a plist
/// keeps them.
public indirect enum DefaultsValue: Codable, Hashable, Sendable {
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case data(Data)
    case date(Date)
    case array([DefaultsValue])
    case dictionary([String: DefaultsValue])

    /// The plist value for `value`, or nil when it is not a property-list
    /// type (iOS raises an exception for those; the caller stops).
    public init?(_ value: Any) {
        switch value {
        case let bool as Bool: self = .bool(bool)
        case let int as Int: self = .int(int)
        case let int as Int32: self = .int(Int(int))
        case let int as Int64: self = .int(Int(int))
        case let double as Double: self = .double(double)
        case let float as Float: self = .double(Double(float))
        case let string as String: self = .string(string)
        case let data as Data: self = .data(data)
        case let date as Date: self = .date(date)
        case let array as [Any]:
            var values: [DefaultsValue] = []
            for element in array {
                guard let value = DefaultsValue(element) else { return nil }
                values.append(value)
            }
            self = .array(values)
        case let dictionary as [String: Any]:
            var values: [String: DefaultsValue] = [:]
            for (key, element) in dictionary {
                guard let value = DefaultsValue(element) else { return nil }
                values[key] = value
            }
            self = .dictionary(values)
        default: return nil
        }
    }

    /// The value as `object(forKey:)` hands it out.
    public var object: Any {
        switch self {
        case .bool(let value): value
        case .int(let value): value
        case .double(let value): value
        case .string(let value): value
        case .data(let value): value
        case .date(let value): value
        case .array(let values): values.map(\.object)
        case .dictionary(let values): values.mapValues(\.object)
        }
    }

    private enum Key: String, CodingKey { case bool, int, double, string, data, date, array, dictionary }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        guard let key = container.allKeys.first, container.allKeys.count == 1 else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "a defaults value has exactly one type tag"))
        }
        switch key {
        case .bool: self = .bool(try container.decode(Bool.self, forKey: key))
        case .int: self = .int(try container.decode(Int.self, forKey: key))
        case .double: self = .double(try container.decode(Double.self, forKey: key))
        case .string: self = .string(try container.decode(String.self, forKey: key))
        case .data: self = .data(try container.decode(Data.self, forKey: key))
        case .date: self = .date(try container.decode(Date.self, forKey: key))
        case .array: self = .array(try container.decode([DefaultsValue].self, forKey: key))
        case .dictionary: self = .dictionary(try container.decode([String: DefaultsValue].self, forKey: key))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        switch self {
        case .bool(let value): try container.encode(value, forKey: .bool)
        case .int(let value): try container.encode(value, forKey: .int)
        case .double(let value): try container.encode(value, forKey: .double)
        case .string(let value): try container.encode(value, forKey: .string)
        case .data(let value): try container.encode(value, forKey: .data)
        case .date(let value): try container.encode(value, forKey: .date)
        case .array(let values): try container.encode(values, forKey: .array)
        case .dictionary(let values): try container.encode(values, forKey: .dictionary)
        }
    }
}
