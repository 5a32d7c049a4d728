import Foundation
import OALStore
import OALSystem
import Testing

/// `ItemCoordination`, the cross-process exclusion behind the
/// `NSFileCoordinator` stand-in: real `oal-store-probe` processes racing on
/// one counter file with a pause between each read and write.
@Suite(.serialized) struct ItemCoordinationTests {
    let processes = 3
    let perProcess = 40

    /// Starts the racers together (a gate file), so their increments overlap.
    func race(_ extra: [String], in root: URL) throws -> (total: Int?, results: [Probe.Finished]) {
        let counter = root.appendingPathComponent("counter").path
        let gate = root.appendingPathComponent("go").path
        let running = try (0..<processes).map { _ in
            try Probe.spawn(
                [
                    "coordinated-increment", "--file", counter, "--locks", root.appendingPathComponent("locks").path,
                    "--count", "\(perProcess)", "--start-after", gate,
                ] + extra, scratch: root)
        }
        try write("", to: gate)
        let results = try running.map { try $0.finish() }
        let text = (try? String(contentsOfFile: counter, encoding: .utf8)) ?? ""
        return (Int(text.trimmingCharacters(in: .whitespacesAndNewlines)), results)
    }

    @Test func coordinatedWritersInSeveralProcessesLoseNoUpdate() throws {
        try withTempDirectory { root in
            let (total, results) = try race([], in: root)
            for result in results {
                #expect(result.termination == .exited(0), "\(result.stderr)")
                #expect(result.acks == perProcess)
            }
            #expect(total == processes * perProcess)
        }
    }

    /// The same race without the lock loses updates: the test above can fail.
    @Test func uncoordinatedWritersLoseUpdates() throws {
        try withTempDirectory { root in
            let (total, results) = try race(["--uncoordinated"], in: root)
            for result in results { #expect(result.termination == .exited(0), "\(result.stderr)") }
            #expect((total ?? 0) < processes * perProcess)
        }
    }

    @Test func aPathHasOneLockFileAndTwoPathsHaveTwo() {
        let coordination = ItemCoordination(directory: URL(fileURLWithPath: "/tmp/locks"))
        #expect(coordination.lockPath(for: "/a/b") == coordination.lockPath(for: "/a/b"))
        #expect(coordination.lockPath(for: "/a/b") != coordination.lockPath(for: "/a/c"))
        #expect(coordination.lockPath(for: "/a/b").hasPrefix("/tmp/locks/"))
    }

    /// Two holders in one process exclude each other (each its own open
    /// file description), as coordinations on two threads do.
    @Test func aWriterWaitsForAReaderInTheSameProcess() throws {
        try withTempDirectory { root in
            let coordination = ItemCoordination(directory: root)
            try coordination.withAccess(to: "/item", .shared) {
                let other = try FileLock(path: coordination.lockPath(for: "/item"))
                #expect(try other.tryAcquire(.shared))
                try other.release()
                #expect(try !other.tryAcquire(.exclusive))
            }
            let after = try FileLock(path: coordination.lockPath(for: "/item"))
            #expect(try after.tryAcquire(.exclusive))
        }
    }
}
