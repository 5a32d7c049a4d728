import Foundation
import OALDomain
import OALStore
import OALSystem
import Testing

/// What a power loss leaves of the stores, with real processes writing
/// under a recorded `DurableImage` (docs/CONTRACT.md, "What a kill and a
/// power loss keep"): a write or a rename with no sync after it is lost;
/// a `durable` store keeps every acknowledged change.
@Suite(.serialized) struct PowerLossTests {
    let rule = UUID(uuidString: "6F1C0B1E-0000-4000-8000-0000000000A1")!
    let day = "2026-11-29"

    /// An image of `root/appgroup`, recorded as it is now (the boot).
    func bootImage(_ root: URL) throws -> DurableImage {
        try FileSystem.createDirectory(root.appendingPathComponent("appgroup").path)
        let image = DurableImage(
            directory: root.appendingPathComponent("image").path, base: root.path,
            trees: [root.appendingPathComponent("appgroup").path])
        try SyncRecorder.configure(image)
        try image.recordEverything()
        return image
    }

    func recording(_ image: DurableImage) -> [String: String] { [SyncRecorder.imageVariable: image.directory] }

    func snapshots(_ appgroup: String) throws -> Int? {
        try RuleSnapshotStore(container: AppGroupContainer(url: URL(fileURLWithPath: appgroup))).all()
            .first { $0.id == rule }?.maxOpens
    }

    @Test func aRenameWithNoDirectorySyncIsLostToPowerLoss() throws {
        try withTempDirectory { root in
            let appgroup = root.appendingPathComponent("appgroup").path
            let image = try bootImage(root)
            let args = ["snapshot-write", "--appgroup", appgroup, "--rule", rule.uuidString, "--count", "2"]
            // Durable: synced, renamed, the directory synced. The image keeps it.
            let first = try Probe.run(args + ["--durable"], environment: recording(image), scratch: root)
            #expect(first.termination == .exited(0), "\(first.stderr)")
            // Not durable: renamed over the synced file, nothing synced after.
            let second = try Probe.run(args, environment: recording(image), scratch: root)
            #expect(second.termination == .exited(0), "\(second.stderr)")
            #expect(try snapshots(appgroup) == 4)
            let loss = try image.restore()
            #expect(try snapshots(appgroup) == 2, "the renames after the last directory sync are gone")
            #expect(loss.reverted == 2, "the document and the copy it keeps")
            // What the next boot finds is the new image: nothing more lost.
            #expect(try image.restore().isNothing)
        }
    }

    @Test func aDurableJournalKeepsEveryAcknowledgedAppend() throws {
        try withTempDirectory { root in
            let appgroup = root.appendingPathComponent("appgroup").path
            let image = try bootImage(root)
            let args = [
                "increment", "--appgroup", appgroup, "--rule", rule.uuidString, "--day", day, "--count", "5",
            ]
            let durable = try Probe.run(args + ["--durable"], environment: recording(image), scratch: root)
            #expect(durable.acks == 5, "\(durable.stderr)")
            let loose = try Probe.run(args, environment: recording(image), scratch: root)
            #expect(loose.acks == 5, "\(loose.stderr)")
            let ledger = try UsageLedger(container: AppGroupContainer(url: URL(fileURLWithPath: appgroup)))
            #expect(try ledger.usage(rule: rule, day: DayKey(day)!).opensUsed == 10)
            _ = try image.restore()
            #expect(try ledger.usage(rule: rule, day: DayKey(day)!).opensUsed == 5)
        }
    }

    @Test func aStoreNeverSyncedGoesBackToWhatTheDeviceBootedWith() throws {
        try withTempDirectory { root in
            let appgroup = root.appendingPathComponent("appgroup").path
            let image = try bootImage(root)
            let run = try Probe.run(
                ["session-write", "--appgroup", appgroup, "--rule", rule.uuidString, "--count", "3"],
                environment: recording(image), scratch: root)
            #expect(run.acks == 3, "\(run.stderr)")
            let loss = try image.restore()
            #expect(loss.removed >= 1)
            #expect(FileManager.default.fileExists(atPath: appgroup + "/open-sessions.json") == false)
            #expect(DirectoryWalk.relativePaths(under: appgroup).isEmpty)
        }
    }

    @Test func aFileSyncedButNeverNamedByASyncedDirectoryIsLost() throws {
        try withTempDirectory { root in
            let image = try bootImage(root)
            let path = root.appendingPathComponent("appgroup/note").path
            // The bytes synced, the name not: LazyFS loses the file.
            let fd = try FileDescriptor.open(path, .writeOnly, options: [.create], permissions: .ownerReadWrite)
            try fd.writeAll(Array("kept?".utf8))
            try image.recordSync(of: fd)
            try fd.close()
            #expect(try image.restore().removed == 1)
            #expect(try FileSystem.readFile(path) == nil)
        }
    }
}
