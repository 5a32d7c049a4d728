import Foundation
import OALTestSupport
import Testing

/// A second real app (issue 26, item 3; docs/GUEST.md, "A second app:
/// Foqos"): its three extensions build against the stand-ins with zero
/// edits, membership read from its own Xcode project, with no harness of
/// its own. In the serialized guest-build suite: builds share two cores.
extension GuestBuildTests {
    static var foqos: String {
        repository.deletingLastPathComponent().appendingPathComponent("shared/guest/Foqos").path
    }

    @Test func foqosThreeExtensionsBuildWithZeroEdits() throws {
        let checkout = Self.foqos
        guard FileManager.default.fileExists(atPath: checkout + "/foqos.xcodeproj/project.pbxproj") else {
            print("GuestBuildTests: skipped the Foqos build: no Foqos sources at \(checkout)")
            return
        }
        let run = try ProcessRun.run(try BuiltProducts.executable("oal-device"), ["guest", "build", checkout])
        #expect(run.status == 0, "guest build Foqos: \(run.stderr.suffix(4000))")
        let build = URL(fileURLWithPath: run.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
        #expect(run.stderr.contains("membership: Xcode project foqos.xcodeproj"), "\(run.stderr)")
        // No harness: the app is said not to be built, the extensions are.
        #expect(run.stderr.contains("its app is not built: no harness adapter"), "\(run.stderr)")
        let description = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: build.appendingPathComponent("guest.json")))
                as? [String: Any])
        let processes = try #require(description["processes"] as? [String: String])
        #expect(processes.keys.sorted() == ["monitor", "shield-action", "shield-config"])
        #expect((description["omitted"] as? [String: String])?["app"] != nil)
        for name in ["oal-monitor", "oal-shield-config", "oal-shield-action"] {
            #expect(FileManager.default.isExecutableFile(atPath: build.appendingPathComponent("bin/\(name)").path))
        }
        // Every file of the three targets is compiled: none left out.
        let excluded = try String(contentsOf: build.appendingPathComponent("excluded.txt"), encoding: .utf8)
        #expect(excluded.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, "\(excluded)")
    }
}
