import Foundation
import GuestRuntime
import Testing

/// App Group defaults keep property-list types across processes.
struct DefaultsValueTests {
    @Test func everyPlistTypeRoundTripsThroughTheFile() throws {
        let original: [String: Any] = [
            "bool": true, "int": 3, "double": 1.5, "string": "x", "data": Data([1, 2]),
            "date": Date(timeIntervalSince1970: 1_790_000_000), "array": ["a", "b"],
            "dictionary": ["rule": 1_790_000_900.0],
        ]
        for (key, value) in original {
            let encoded = try JSONEncoder().encode(try #require(DefaultsValue(value), "\(key)"))
            let decoded = try JSONDecoder().decode(DefaultsValue.self, from: encoded)
            #expect(decoded == DefaultsValue(value), "\(key)")
        }
        // The casts the guest makes on what it reads back.
        #expect(DefaultsValue(["r": 1.5] as [String: Any])?.object as? [String: TimeInterval] == ["r": 1.5])
        #expect(DefaultsValue(Date(timeIntervalSince1970: 5))?.object as? Date == Date(timeIntervalSince1970: 5))
        #expect(DefaultsValue(true)?.object as? Bool == true)
        #expect(DefaultsValue(1)?.object as? Bool == nil)
    }

    @Test func aNonPlistValueIsRefused() {
        struct NotAPlist {}
        #expect(DefaultsValue(NotAPlist()) == nil)
        #expect(DefaultsValue([NotAPlist()] as [Any]) == nil)
    }
}
