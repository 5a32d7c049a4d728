import Foundation
import OALPlatform
import OALStore
import Testing

@testable import OALEmulator
@testable import OALExplore
@testable import OALOracle
@testable import OALRunViews

/// `device-state.json` is written by hand (`DeviceState: PrettyJSONWritable`)
/// and must stay exactly the bytes `JSONEncoder` wrote: the same file, read
/// back the same by a resumed device and by `scripts/compare-runs`.
@Suite struct DeviceStateJSONTests {
    private struct Envelope: Encodable {
        var document: DeviceState
        var format: String
        var formatVersion: Int
    }

    private static func encoded(_ state: DeviceState) throws -> [UInt8] {
        let envelope = Envelope(document: state, format: "oal.device-state", formatVersion: 1)
        return Array(try StoreCoding.encoder().encode(envelope)) + [0x0A]
    }

    private static func written(_ state: DeviceState) -> [UInt8] {
        DocumentEnvelope<DeviceState>(format: "oal.device-state", version: 1).encode(state, storeName: "device-state")
    }

    /// Every field set, with keys and values that sort or escape awkwardly.
    static var full: DeviceState {
        var state = DeviceState()
        state.launchSequence = 161
        state.delivered = [
            "intervalDidEnd|sched-A12681F0|3|1796076000", "intervalDidStart|rule-EE3F-2026-12-01|20|1796079600",
            "intervalDidStart|open-session-39837353|15|1796032560",
        ]
        let start = Date(timeIntervalSince1970: 1_795_993_200)
        // The counters' initializer is OALPlatform's own: read them as a
        // saved state would be.
        let usage = """
            {"counters": {
              "rule-39837353-2026-11-30": {"generation": 11, "intervalStart": 1795993200,
                "usedSeconds": {"limit": 1800.5, "Limit10": 60, "limit9": 0.001}, "reached": ["limit", "warn/1"],
                "warned": ["limit", "Limit10"]},
              "open-session-6A9C": {"generation": 17, "intervalStart": 1795993200.25, "usedSeconds": {}, "reached": []}},
             "history": [
              {"app": "com.apple.MobileSMS", "from": 1795993200, "to": 1795993380},
              {"app": "com.burbn.instagram", "from": 1795993400.125, "to": 1795993760}]}
            """
        state.usage = try! StoreCoding.decoder().decode(UsageAccounting.self, from: Data(usage.utf8))
        state.foregroundSession = 3
        state.frontmost = "com.zhiliaoapp.musically"
        state.showingShield = "Candy \"Crush\""
        state.leaveAt = start.addingTimeInterval(0.5)
        state.jumpedFrom = start.addingTimeInterval(-3_600)
        state.nextTick = start.addingTimeInterval(30)
        state.appBlocked = ["Candy Crush": true, "chess": false, "X": false, "YouTube": true]
        state.storeShielding = ["rule-B4EE20C1": true, "Rule-a": false, "rule-10": true, "rule-9": false]
        state.lastPressGranted = false
        state.scenario = "/tmp/a b/workload-1d.scenario"
        state.stepsDone = 42
        state.expectationsMet = 3
        state.stepInFlight = DeviceState.StepInFlight(index: 3, launchSequence: 17)
        state.inFlight = DeviceState.InFlight(
            launchSequence: 18,
            callbacks: [
                .init(kind: "eventDidReachThreshold", activity: "rule-A", event: "minutes-3"),
                .init(kind: "intervalDidStart", activity: "sched-B", event: nil),
            ])
        state.usageCountedUntil = Date(timeIntervalSince1970: 1_790_000_000.5)
        state.endsOwed = [.init(activity: "open-session-A", key: "intervalDidEnd|open-session-A|2|1790000000")]
        state.expectationFailures = ["line 7: expect blocked Chess — not blocked", "é \"quoted\""]
        return state
    }

    @Test func aFullStateIsTheEncodersBytes() throws {
        let state = Self.full
        #expect(Self.written(state) == (try Self.encoded(state)))
    }

    /// The delivered edges are written from the last save's bytes when
    /// unchanged (`PrettyJSONWriter.memoizedElements`); an equal set that iterates
    /// in another order (another capacity) must still be written in its own.
    @Test func anEqualSetThatIteratesOtherwiseIsStillTheEncodersBytes() throws {
        let edges = (0..<40).map { "intervalDidStart|sched-\($0)|\($0)|1796421600" }
        var small = Self.full
        small.delivered = Set(edges)
        var large = Self.full
        large.delivered = Set(minimumCapacity: 4096)
        large.delivered.formUnion(edges)
        #expect(small.delivered == large.delivered)
        #expect(Array(small.delivered) != Array(large.delivered), "the two sets should iterate differently")
        #expect(Self.written(small) == (try Self.encoded(small)))
        #expect(Self.written(large) == (try Self.encoded(large)))
        #expect(Self.written(small) == (try Self.encoded(small)))
    }

    @Test func aNewStateIsTheEncodersBytes() throws {
        #expect(Self.written(DeviceState()) == (try Self.encoded(DeviceState())))
    }

    @Test func theWrittenFileReadsBack() throws {
        let state = Self.full
        switch DocumentEnvelope<DeviceState>(format: "oal.device-state", version: 1).decode(Self.written(state)) {
        case .document(let read): #expect(read == state)
        default: Issue.record("the written device state does not read back")
        }
    }

    /// A field added to `DeviceState` must be added to `writeJSON` too (and
    /// to `full` above): otherwise it would silently not be saved.
    @Test func everyFieldIsWritten() {
        #expect(Mirror(reflecting: DeviceState()).children.count == DeviceState.writtenFields)
        #expect(Mirror(reflecting: Self.full).children.allSatisfy { !"\($0.value)".hasPrefix("nil") })
    }
}
