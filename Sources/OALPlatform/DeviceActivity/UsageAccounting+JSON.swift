import OALStore

/// `UsageAccounting` written by hand, byte for byte as its `Encodable`
/// conformance writes it: it is most of `device-state.json`, which the
/// device saves after every event (`DeviceState`'s `PrettyJSONWritable`).
extension UsageAccounting {
    public func writeJSON(to writer: inout PrettyJSONWriter) {
        writer.beginObject()
        writer.key("counters")
        writer.beginObject()
        for (name, counter) in PrettyJSONWriter.sorted(counters) {
            writer.key(name)
            counter.writeJSON(to: &writer)
        }
        writer.endObject()
        writer.key("history")
        // Changes only when the frontmost app does; saved at every event.
        writer.memoized("usage-accounting.history", history) { writer in
            writer.beginArray()
            for span in history {
                writer.element()
                span.writeJSON(to: &writer)
            }
            writer.endArray()
        }
        writer.endObject()
    }
}

extension UsageAccounting.Counter {
    func writeJSON(to writer: inout PrettyJSONWriter) {
        writer.beginObject()
        writer.key("generation")
        writer.int(generation)
        writer.key("intervalStart")
        writer.date(intervalStart)
        writer.key("reached")
        writer.strings(reached)
        writer.key("usedSeconds")
        writer.beginObject()
        for (event, seconds) in PrettyJSONWriter.sorted(usedSeconds) {
            writer.key(event)
            writer.double(seconds)
        }
        writer.endObject()
        writer.endObject()
    }
}

extension UsageAccounting.FrontmostSpan {
    func writeJSON(to writer: inout PrettyJSONWriter) {
        writer.beginObject()
        writer.key("app")
        writer.string(app)
        writer.key("from")
        writer.date(from)
        writer.key("to")
        writer.date(to)
        writer.endObject()
    }
}
