import OALStore

/// `device-state.json` is saved after every event the device handles and
/// before every callback: written by hand (`PrettyJSONWriter`) it costs a
/// fraction of `JSONEncoder`'s time, with the same bytes.
/// `DeviceStateJSONTests` compares the two on a state with every field set,
/// and fails when a field is added here but not below.
extension DeviceState: PrettyJSONWritable {
    public func writeJSON(to writer: inout PrettyJSONWriter) {
        writer.beginObject()
        writer.key("appBlocked")
        Self.write(appBlocked, to: &writer)
        writer.key("delivered")
        // Compared in iteration order, which is the order written: an equal
        // set may iterate otherwise.
        writer.beginArray()
        writer.memoizedElements("device-state.delivered", Array(delivered)) { $0.string($1) }
        writer.endArray()
        if let endsOwed {
            writer.key("endsOwed")
            writer.beginArray()
            for owed in endsOwed {
                writer.element()
                writer.beginObject()
                writer.key("activity")
                writer.string(owed.activity)
                writer.key("key")
                writer.string(owed.key)
                writer.endObject()
            }
            writer.endArray()
        }
        if let expectationFailures {
            writer.key("expectationFailures")
            writer.strings(expectationFailures)
        }
        if let expectationsMet {
            writer.key("expectationsMet")
            writer.int(expectationsMet)
        }
        writer.key("foregroundSession")
        writer.int(foregroundSession)
        if let frontmost {
            writer.key("frontmost")
            writer.string(frontmost)
        }
        if let inFlight {
            writer.key("inFlight")
            writer.beginObject()
            writer.key("callbacks")
            writer.beginArray()
            for callback in inFlight.callbacks {
                writer.element()
                writer.beginObject()
                writer.key("activity")
                writer.string(callback.activity)
                if let event = callback.event {
                    writer.key("event")
                    writer.string(event)
                }
                writer.key("kind")
                writer.string(callback.kind)
                writer.endObject()
            }
            writer.endArray()
            writer.key("launchSequence")
            writer.int(inFlight.launchSequence)
            writer.endObject()
        }
        if let jumpedFrom {
            writer.key("jumpedFrom")
            writer.date(jumpedFrom)
        }
        if let lastPressGranted {
            writer.key("lastPressGranted")
            writer.bool(lastPressGranted)
        }
        writer.key("launchSequence")
        writer.int(launchSequence)
        if let leaveAt {
            writer.key("leaveAt")
            writer.date(leaveAt)
        }
        if let nextTick {
            writer.key("nextTick")
            writer.date(nextTick)
        }
        if let scenario {
            writer.key("scenario")
            writer.string(scenario)
        }
        if let showingShield {
            writer.key("showingShield")
            writer.string(showingShield)
        }
        if let stepInFlight {
            writer.key("stepInFlight")
            writer.beginObject()
            writer.key("index")
            writer.int(stepInFlight.index)
            writer.key("launchSequence")
            writer.int(stepInFlight.launchSequence)
            writer.endObject()
        }
        writer.key("stepsDone")
        writer.int(stepsDone)
        writer.key("storeShielding")
        Self.write(storeShielding, to: &writer)
        writer.key("usage")
        usage.writeJSON(to: &writer)
        if let usageCountedUntil {
            writer.key("usageCountedUntil")
            writer.date(usageCountedUntil)
        }
        writer.endObject()
    }

    /// The number of stored properties `writeJSON` writes: a test checks it
    /// against the type's, so a new field cannot be silently left out.
    static let writtenFields = 20

    private static func write(_ flags: [String: Bool], to writer: inout PrettyJSONWriter) {
        writer.beginObject()
        for (name, flag) in PrettyJSONWriter.sorted(flags) {
            writer.key(name)
            writer.bool(flag)
        }
        writer.endObject()
    }
}
