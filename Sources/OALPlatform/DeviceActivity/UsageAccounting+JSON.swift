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
            // Saved at every event, a counter changes only while one of its
            // apps is frontmost: the others are the last save's bytes.
            writer.memoizedValue("usage-accounting.counter-bytes." + name, WrittenCounter(counter)) {
                counter.writeJSON(to: &$0, memo: "usage-accounting.counter." + name)
            }
        }
        writer.endObject()
        writer.key("history")
        writer.beginArray()
        // Saved at every event, it changes at its end only (the frontmost
        // app's span grows, a new one starts) but at the horizon.
        writer.memoizedElements("usage-accounting.history", Array(history.dropLast())) { writer, span in
            span.writeJSON(to: &writer)
        }
        if let last = history.last {
            writer.element()
            last.writeJSON(to: &writer)
        }
        writer.endArray()
        writer.endObject()
    }
}

/// A counter as it writes itself: its sets in their iteration order, so
/// equal images write equal bytes.
private struct WrittenCounter: Equatable, Sendable {
    var counter: UsageAccounting.Counter
    var reached: [String]
    var warned: [String]?

    init(_ counter: UsageAccounting.Counter) {
        self.counter = counter
        reached = Array(counter.reached)
        warned = counter.warned.map(Array.init)
    }
}

extension UsageAccounting.Counter {
    /// `memo` names this counter's key order (`PrettyJSONWriter.sorted(_:memo:)`).
    func writeJSON(to writer: inout PrettyJSONWriter, memo: String) {
        writer.beginObject()
        writer.key("generation")
        writer.int(generation)
        writer.key("intervalStart")
        writer.date(intervalStart)
        writer.key("reached")
        writer.strings(reached)
        writer.key("usedSeconds")
        writer.beginObject()
        for (event, seconds) in PrettyJSONWriter.sorted(usedSeconds, memo: memo) {
            writer.key(event)
            writer.double(seconds)
        }
        writer.endObject()
        if let warned {
            writer.key("warned")
            writer.strings(warned)
        }
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
