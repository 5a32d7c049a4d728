import Foundation
import Glibc
import OALPlatform
import OALProcesses
import OALStore
import OALTestSupport
import Testing

@testable import OALEmulator
@testable import OALSystem

/// A fork server's children inherit its page tables for its code and
/// read-only data (`InheritedPageTables`), so a forked callback does not
/// fault in again what the server already had mapped.
@Suite struct InheritedPageTablesTests {
    @Test func onlyPrivateReadOnlyFileMappingsAreAdopted() {
        let maps = """
            00400000-017b9000 r-xp 00000000 fe:00 1049048                            /opt/bin/oal-monitor
            017ba000-01854000 r--p 013b9000 fe:00 1049048                            /opt/bin/oal-monitor
            01854000-0185a000 rw-p 01453000 fe:00 1049048                            /opt/bin/oal-monitor
            0185a000-0189b000 rw-p 00000000 00:00 0                                  [heap]
            7f4aa6a44000-7f4aa6b9a000 r-xp 00026000 fe:00 333151                     /usr/lib/libc.so.6
            7f4aa6c00000-7f4aa6c01000 r--s 00000000 fe:00 4242                       /dev/shm/shared map
            7f4aa6d00000-7f4aa6d10000 r--p 00000000 00:00 0
            7ffd5e1f0000-7ffd5e1f2000 r-xp 00000000 00:00 0                          [vdso]
            not a mapping line
            """
        let mappings = InheritedPageTables.mappings(maps)
        #expect(mappings.count == 8)
        #expect(mappings[5].path == "/dev/shm/shared map", "a path with a space is kept whole")
        #expect(
            mappings.filter(\.isPrivateReadOnlyFile).map { "\($0.permissions) \($0.path)" } == [
                "r-xp /opt/bin/oal-monitor", "r--p /opt/bin/oal-monitor", "r-xp /usr/lib/libc.so.6",
            ])
        #expect(mappings[0].start == 0x40_0000 && mappings[0].end == 0x17b_9000)
    }

    /// The real server and a real child: every private read-only mapping
    /// of the server's executable holds an anonymous page, and a child
    /// blocked mid-callback (on the press lock this test holds) has every
    /// code page mapped that the server had mapped when it forked, the ones
    /// only the server ran (its warm-up, its loop) included.
    @Test func aForkedChildStartsWithTheServersCodePagesMapped() throws {
        var server = try ServedMonitor(ForkServer.flag, prefix: "oal-pagetables")
        defer { server.remove() }
        try server.send(launch: 1)
        _ = try #require(try server.next(ForkServer.Started.self))
        _ = try #require(try server.next(ForkServer.Ended.self))
        let executable = try BuiltProducts.executable("oal-monitor").resolvingSymlinksInPath().path
        let mappings = try Self.smaps(pid: server.process.pid, of: executable)
        for mapping in mappings where mapping.readOnlyPrivate {
            #expect(mapping.anonymousKiB > 0, "\(mapping.header)")
        }
        let code = try #require(mappings.first { $0.executable })
        let press = try FileLock(
            path: server.root.appGroup.appendingPathComponent(PendingGrantStore.pressLockName).path)
        try press.acquire(.exclusive)
        // The server's warm-up after launch 1 has ended once it reads the
        // next request; its pages are read just before that request.
        usleep(200_000)
        let serverPages = try Self.presentPages(pid: server.process.pid, code.range)
        try server.send(launch: 2)
        let child = try #require(try server.next(ForkServer.Started.self)).pid
        let deadline = Date().addingTimeInterval(20)
        while try !server.trace().contains(where: { $0.launch == 2 && $0.event == "callback" }), Date() < deadline {
            usleep(2000)
        }
        let childPages = try Self.presentPages(pid: child, code.range)
        try ProcessSignal.send(SIGKILL, to: child)
        try press.release()
        _ = try server.next(ForkServer.Ended.self)
        #expect(try server.finish() == .exited(0))
        // Without the adoption the child maps only the code it ran itself:
        // the pages only the server ran are missing (a sixth of them in
        // a debug build, when this test was written).
        let missing = serverPages.subtracting(childPages)
        #expect(
            serverPages.count > 100 && missing.count <= serverPages.count / 100,
            "\(missing.count) of the server's \(serverPages.count) code pages not mapped in the child")
    }

    /// The pages of `range` mapped in process `pid` (`/proc/PID/pagemap`,
    /// bit 63 of each page's entry).
    static func presentPages(pid: Int32, _ range: Range<UInt64>) throws -> Set<UInt64> {
        let file = try FileDescriptor.open("/proc/\(pid)/pagemap", .readOnly)
        defer { try? file.close() }
        let first = range.lowerBound / 4096
        let count = Int((range.upperBound - range.lowerBound) / 4096)
        let bytes = try file.readBytes(fromAbsoluteOffset: Int64(first * 8), count: count * 8)
        var present: Set<UInt64> = []
        for page in 0..<(bytes.count / 8) {
            if bytes[page * 8 + 7] & 0x80 != 0 { present.insert(first + UInt64(page)) }
        }
        return present
    }

    struct Mapping {
        var header: String
        var range: Range<UInt64> {
            let bounds = header.split(separator: " ")[0].split(separator: "-").map { UInt64($0, radix: 16)! }
            return bounds[0]..<bounds[1]
        }
        var residentKiB = 0
        var anonymousKiB = 0
        var permissions: String { String(header.split(separator: " ")[1]) }
        var executable: Bool { permissions.hasPrefix("r-x") }
        var readOnlyPrivate: Bool {
            permissions.hasPrefix("r") && !permissions.contains("w") && permissions.hasSuffix("p")
        }
    }

    /// The mappings of `path` in `/proc/PID/smaps`, with their sizes.
    static func smaps(pid: Int32, of path: String) throws -> [Mapping] {
        let text = try String(contentsOfFile: "/proc/\(pid)/smaps", encoding: .utf8)
        var result: [Mapping] = []
        var current: Mapping?
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if let first = fields.first, first.contains("-"), !first.hasSuffix(":") {
                if let current { result.append(current) }
                current = line.hasSuffix(path) ? Mapping(header: String(line)) : nil
            } else if fields.count >= 2, let value = Int(fields[1]) {
                if fields[0] == "Rss:" { current?.residentKiB = value }
                if fields[0] == "Anonymous:" { current?.anonymousKiB = value }
            }
        }
        if let current { result.append(current) }
        return result
    }
}
