import Foundation
import OALScenario
import Testing

/// The user switching the app's Screen Time access off and on in Settings
/// (`authorization revoke|restore`, docs/SCENARIOS.md).
@Suite struct AuthorizationRevocationTests {
    /// https://developer.apple.com/documentation/managedsettings/connectionwithframeworks
    /// ("Managed Settings can't function without [...] authorizing your app
    /// using Family Controls") and developer forums thread 729637 (settings
    /// "will only be honored if the application is authorized via
    /// FamilyControls"): revoked, the device honours none of the app's
    /// stores; restored, the stores it kept shield again. The oracle
    /// excuses the gap by name, so the run still passes.
    @Test func aRevokedAppShieldsNothingUntilItsAccessIsRestored() throws {
        let run = try DeviceHarness.run(
            """
            end day 1 12:00
            at 08:00 app list add Social --apps Instagram
            at 08:00 app rule add schedule Work --list Social --from 09:00 --to 11:00
            at 09:01 expect blocked Instagram
            at 09:10 authorization revoke
            at 09:11 expect unblocked Instagram
            at 09:12 open Instagram for 5m
            at 09:30 authorization restore
            at 09:31 expect blocked Instagram
            """)
        defer { run.remove() }
        #expect(run.result.passed, "\(run.failureText) \(run.result.violations)")
        let changes = run.trace.filter { $0.event == "familycontrols.authorization" }.map { $0.fields["status"] }
        #expect(changes == ["denied", "approved"])
    }

    /// The same switch as a fault (issue 26: "the scenario and fault
    /// languages can revoke and restore it"): `authorization revoke for D`
    /// takes the access away and the device gives it back D later, both
    /// traced with cause `fault`; `authorization restore` gives it back at
    /// once. The fault's text reads back as it was written.
    @Test func aFaultRevokesAccessForADurationAndTheDeviceRestoresIt() throws {
        let run = try DeviceHarness.run(
            """
            end day 1 12:00
            at 08:00 app list add Social --apps Instagram
            at 08:00 app rule add schedule Work --list Social --from 09:00 --to 11:00
            at 09:01 expect blocked Instagram
            at 09:10 fault authorization revoke for 20m
            at 09:11 expect unblocked Instagram
            at 09:29 expect unblocked Instagram
            at 09:31 expect blocked Instagram
            at 10:00 fault authorization revoke
            at 10:05 expect unblocked Instagram
            at 10:06 fault authorization restore
            at 10:07 expect blocked Instagram
            """)
        defer { run.remove() }
        #expect(run.result.passed, "\(run.failureText) \(run.result.violations)")
        let changes = run.trace.filter { $0.event == "familycontrols.authorization" }
        #expect(changes.map { $0.fields["status"] } == ["denied", "approved", "denied", "approved"])
        #expect(changes.allSatisfy { $0.fields["cause"] == "fault" }, "\(changes)")
        for text in ["authorization revoke for 20m", "authorization revoke", "authorization restore"] {
            #expect(try FaultParser.parse(text: text).description == text)
        }
        #expect(throws: FaultParser.Failure.self) { try FaultParser.parse(text: "authorization restore for 5m") }
    }
}
