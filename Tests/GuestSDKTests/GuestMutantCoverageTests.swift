import Foundation
import GuestRuntime
import Testing

/// What a mutated copy records of the sites it reaches (docs/GUEST.md,
/// "Mutation score"): each site once per process, one number a line, in a
/// file of the process's own; a directory it cannot write is named.
@Suite struct GuestMutantCoverageTests {
    @Test func eachReachedSiteIsRecordedOncePerProcess() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("oal-reached-\(getpid())")
        try? FileManager.default.removeItem(at: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let log = MutantCoverageLog(directory: directory.path)
        for id in [3, 5, 3, 3, 5, 8] { try log.record(id) }
        let file = directory.appendingPathComponent("\(getpid()).sites")
        #expect(try String(contentsOf: file, encoding: .utf8) == "3\n5\n8\n")
    }

    @Test func aDirectoryItCannotWriteIsNamed() {
        let directory = "/nonexistent-\(getpid())/coverage"
        let log = MutantCoverageLog(directory: directory)
        do {
            try log.record(1)
            Issue.record("a site was recorded in a directory that does not exist")
        } catch {
            #expect(error.description.contains("\(directory)/\(getpid()).sites"), "\(error.description)")
        }
    }
}
