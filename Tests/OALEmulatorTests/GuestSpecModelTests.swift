import Foundation
import OALScenario
import Testing

/// Whether the oracle has a spec model to judge a guest by
/// (docs/ORACLE.md, "A guest"): an app of extensions alone has none, and
/// a harness says so for an app whose behaviour the spec does not model
/// (`option no-spec-model REASON` in its findings: Foqos's profiles).
/// Either way every spec check is named unjudged with the reason.
@Suite struct GuestSpecModelTests {
    static func guest(_ json: String) throws -> GuestBuild {
        try JSONDecoder().decode(GuestBuild.self, from: Data(json.utf8))
    }

    @Test func anAppOfExtensionsAloneHasNoSpecModel() throws {
        let build = try Self.guest(#"{"name":"Foqos","source":"s","bin":"b","omitted":{"app":"no harness adapter"}}"#)
        #expect(build.noSpecModel == "the guest has no app process, and no spec model of its own rules exists yet")
    }

    @Test func aHarnessSaysWhenItsAppHasNoSpecModel() throws {
        let build = try Self.guest(
            #"{"name":"Foqos","source":"s","bin":"b","options":{"no-spec-model":"Foqos's profiles are not modelled"}}"#)
        #expect(build.hasApp)
        #expect(build.noSpecModel == "Foqos's profiles are not modelled")
    }

    @Test func anAppWithAnAdapterAndNoSuchOptionIsJudgedByTheSpec() throws {
        let build = try Self.guest(
            #"{"name":"OpenAppLock","source":"s","bin":"b","options":{"unblock":"pause-15m"}}"#)
        #expect(build.noSpecModel == nil)
    }

    /// One why, printed once with its checks: a guest with no spec model
    /// does not print the same reason for every check.
    /// `option spec-model foqos`: the app is judged on its own documented
    /// behaviour (docs/FOQOS_SPEC.md), not named as having no model; an app
    /// of extensions alone has none whatever its options say.
    @Test func aHarnessNamesTheModelItsAppIsJudgedBy() throws {
        let build = try Self.guest(#"{"name":"Foqos","source":"s","bin":"b","options":{"spec-model":"foqos"}}"#)
        #expect(build.specModel == "foqos" && build.noSpecModel == nil)
        let extensionsAlone = try Self.guest(
            #"{"name":"Foqos","source":"s","bin":"b","options":{"spec-model":"foqos"},"omitted":{"app":"none"}}"#)
        #expect(extensionsAlone.specModel == nil && extensionsAlone.noSpecModel != nil)
    }

    @Test func gapsWithOneReasonArePrintedOnce() {
        var report = OracleReport()
        report.guestGaps = [
            "agreement: no model; caught instead by the scenario's expectations",
            "over-enforced: no model; caught instead by the scenario's expectations",
            "mirror-current: no snapshots; caught instead by under-enforced",
        ]
        #expect(
            report.guestLines == [
                "  not judged for this guest: agreement, over-enforced: no model; caught instead by the scenario's "
                    + "expectations",
                "  not judged for this guest: mirror-current: no snapshots; caught instead by under-enforced",
            ])
    }
}
