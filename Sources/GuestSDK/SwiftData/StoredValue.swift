import Foundation

/// One field of a stored row: the JSON its value encodes to. A model's
/// attributes are `Codable` (SwiftData requires it of composite ones), so
/// a value round-trips through `JSONEncoder` and `JSONDecoder` of its own
/// type; a relationship is the identifier of the row (or rows) it points at.
indirect enum StoredValue: Codable, Hashable, Sendable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([StoredValue])
    case object([String: StoredValue])

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let int = try? container.decode(Int.self) {
            self = .int(int)
        } else if let double = try? container.decode(Double.self) {
            self = .double(double)
        } else if let string = try? container.decode(String.self) {
            self = .string(string)
        } else if let array = try? container.decode([StoredValue].self) {
            self = .array(array)
        } else {
            self = .object(try container.decode([String: StoredValue].self))
        }
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let values): try container.encode(values)
        case .object(let values): try container.encode(values)
        }
    }

    /// The JSON of `value`, a value of `type` (an attribute's declared type).
    static func encoding(_ value: Any, as type: Any.Type, field: String) throws -> StoredValue {
        func encode<T>(_: T.Type) throws -> StoredValue {
            guard let encodable = value as? any Encodable else {
                throw SwiftDataError.unsupported("the attribute '\(field)' of type \(T.self), which is not Codable,")
            }
            // Wrapped in an array: a top-level nil or number is a fragment.
            let bytes = try JSONEncoder().encode([AnyEncodable(encodable)])
            guard case .array(let values) = try JSONDecoder().decode(StoredValue.self, from: bytes),
                let first = values.first
            else { throw SwiftDataError.store("could not encode '\(field)'") }
            return first
        }
        return try _openExistential(type, do: encode)
    }

    /// The value of `type` this JSON encodes.
    func decoded(as type: Any.Type, field: String) throws -> Any {
        func decode<T>(_: T.Type) throws -> Any {
            guard let decodable = T.self as? any Decodable.Type else {
                throw SwiftDataError.unsupported("the attribute '\(field)' of type \(T.self), which is not Codable,")
            }
            let bytes = try JSONEncoder().encode([self])
            return try Self.decodeFirst(decodable, from: bytes, field: field)
        }
        return try _openExistential(type, do: decode)
    }

    private static func decodeFirst<D: Decodable>(_: D.Type, from bytes: Data, field: String) throws -> Any {
        do {
            guard let first = try JSONDecoder().decode([D].self, from: bytes).first else {
                throw SwiftDataError.store("'\(field)': no value")
            }
            return first
        } catch let error as SwiftDataError {
            throw error
        } catch {
            throw SwiftDataError.store("'\(field)' does not decode as \(D.self): \(error)")
        }
    }
}

/// Lets an existential `Encodable` be encoded as itself.
private struct AnyEncodable: Encodable {
    let value: any Encodable
    init(_ value: any Encodable) { self.value = value }
    func encode(to encoder: Encoder) throws { try value.encode(to: encoder) }
}
