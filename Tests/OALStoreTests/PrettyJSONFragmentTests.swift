import Foundation
import OALStore
import Testing

/// `PrettyJSONWriter.memoizedElements` reuses the bytes of elements written
/// before only where a fresh write would give the same bytes: the same
/// elements at the same depth.
@Suite struct PrettyJSONFragmentTests {
    private func document(_ list: [String], nested: Bool, memo: Bool) -> [UInt8] {
        var writer = PrettyJSONWriter()
        writer.beginObject()
        writer.key("a")
        writer.int(1)
        if nested {
            writer.key("inner")
            writer.beginObject()
        }
        writer.key("list")
        if memo {
            writer.beginArray()
            writer.memoizedElements("fragment-test.list", list) { $0.string($1) }
            writer.endArray()
        } else {
            writer.strings(list)
        }
        writer.key("z")
        writer.bool(true)
        if nested { writer.endObject() }
        writer.endObject()
        return writer.bytes
    }

    @Test func aReusedFragmentIsTheBytesAFreshWriteGives() {
        let cases: [([String], Bool)] = [
            (["x", "y"], false), (["x", "y"], false), (["x", "y"], true), (["x", "y"], true), (["x"], true),
            ([], true), ([], false), (["x", "y"], false),
        ]
        for (list, nested) in cases {
            #expect(
                document(list, nested: nested, memo: true) == document(list, nested: nested, memo: false),
                "\(list) nested \(nested)")
        }
    }

    @Test func theDocumentStillDecodesAfterAReuse() throws {
        _ = document(["p", "q"], nested: true, memo: true)
        let bytes = document(["p", "q"], nested: true, memo: true)
        let object = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
        let inner = object?["inner"] as? [String: Any]
        #expect(inner?["list"] as? [String] == ["p", "q"])
        #expect(inner?["z"] as? Bool == true)
    }
}

extension PrettyJSONFragmentTests {
    private func list(_ values: [Int], nested: Bool, memo: Bool) -> [UInt8] {
        var writer = PrettyJSONWriter()
        writer.beginObject()
        if nested {
            writer.key("inner")
            writer.beginArray()
            writer.element()
        }
        writer.beginArray()
        if memo {
            writer.memoizedElements("fragment-test.elements", Array(values.dropLast())) { $0.int($1) }
        } else {
            for value in values.dropLast() {
                writer.element()
                writer.int(value)
            }
        }
        if let last = values.last {
            writer.element()
            writer.int(last)
        }
        writer.endArray()
        if nested { writer.endArray() }
        writer.endObject()
        return writer.bytes
    }

    @Test func reusedLeadingElementsAreTheBytesAFreshWriteGives() {
        let cases: [([Int], Bool)] = [
            ([1, 2, 3], false), ([1, 2, 3], false), ([1, 2, 4], false), ([1, 2, 5, 6], false), ([1, 2, 5, 6], true),
            ([1, 2, 5, 7], true), ([1], true), ([1], true), ([], false), ([], false), ([9, 9], false),
        ]
        for (values, nested) in cases {
            #expect(list(values, nested: nested, memo: true) == list(values, nested: nested, memo: false), "\(values)")
        }
    }
}

extension PrettyJSONFragmentTests {
    @Test func aRememberedKeyOrderIsUsedOnlyForTheSameKeys() {
        let cases: [[String: Int]] = [
            ["b": 1, "a": 2], ["a": 3, "b": 4], ["a": 3, "c": 4], ["a": 1, "b": 2, "c": 3], ["c": 1], [:],
            ["é": 1, "e": 2],
        ]
        for dictionary in cases {
            let memoized = PrettyJSONWriter.sorted(dictionary, memo: "fragment-test.keys")
            let fresh = PrettyJSONWriter.sorted(dictionary)
            #expect(memoized.map(\.key) == fresh.map(\.key))
            #expect(memoized.map(\.value) == fresh.map(\.value))
        }
    }
}

extension PrettyJSONFragmentTests {
    /// `memoizedValue`: a whole object after a key, the same bytes as a
    /// fresh write whether the value is the last one, a changed one, or
    /// the last one at another depth.
    private func counter(_ seconds: [String: Double], nested: Bool, memo: Bool) -> [UInt8] {
        var writer = PrettyJSONWriter()
        writer.beginObject()
        if nested {
            writer.key("inner")
            writer.beginObject()
        }
        writer.key("counter")
        let body = { (writer: inout PrettyJSONWriter) in
            writer.beginObject()
            for (key, value) in PrettyJSONWriter.sorted(seconds) {
                writer.key(key)
                writer.double(value)
            }
            writer.endObject()
        }
        if memo { writer.memoizedValue("fragment-test.counter", seconds, body) } else { body(&writer) }
        writer.key("z")
        writer.int(2)
        if nested { writer.endObject() }
        writer.endObject()
        return writer.bytes
    }

    @Test func aReusedValueIsTheBytesAFreshWriteGives() {
        let cases: [([String: Double], Bool)] = [
            (["m-1": 60, "m-2": 60.5], false), (["m-1": 60, "m-2": 60.5], false), (["m-1": 60, "m-2": 60.5], true),
            (["m-1": 61, "m-2": 60.5], true), ([:], true), ([:], false), (["m-1": 61, "m-2": 60.5], true),
        ]
        for (seconds, nested) in cases {
            #expect(
                counter(seconds, nested: nested, memo: true) == counter(seconds, nested: nested, memo: false),
                "\(seconds) nested \(nested)")
        }
    }
}
