import Foundation
import OALDomain
import Testing

@testable import OALProcesses

/// The probe crosses a process boundary: `oal-app probe --json` prints it
/// with `CommandOutput.json`, the device reads it back. A paused rule's
/// snapshot carries a date, which once failed to decode (the writer used
/// ISO 8601, the reader expected seconds).
@Suite struct GuestProbeWireTests {
    @Test func aProbeWithAPausedRuleReadsBackAsPrinted() throws {
        let paused = RuleSnapshot(
            id: UUID(uuidString: "00000000-0000-0000-0000-0000000000A1")!, name: "Focus", kindRaw: "schedule",
            isEnabled: true, hardMode: false, selectionModeRaw: "block", selectionData: nil, dayNumbers: [1, 2],
            startMinutes: 540, endMinutes: 720, dailyLimitMinutes: 0, maxOpens: 0,
            pausedUntil: Date(timeIntervalSince1970: 1_764_491_100))
        let probe = GuestProbe(
            usageToday: nil, usageYesterday: nil, sessions: ["x"], decision: nil, mirror: [paused])
        let printed = Data(try CommandOutput.json(probe).utf8)
        #expect(try GuestProbe.decode(printed) == probe)
    }
}
