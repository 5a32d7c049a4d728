import Foundation
import Glibc
import OALStore
import OALSystem
import Testing

@Suite struct SystemTests {
    @Test func errnoDescribesItself() {
        #expect(Errno.noSuchFileOrDirectory.description.contains("No such file"))
        #expect(Errno.noSuchFileOrDirectory.description.contains("errno 2"))
    }

    /// A variable as `ProcessInfo` reads it, and as a forked child finds it
    /// after the server's `setenv`.
    @Test func anEnvironmentVariableIsReadAsItIsNow() {
        let name = "OAL_TEST_ENVIRONMENT_\(getpid())"
        #expect(ProcessEnvironment.value(name) == nil)
        setenv(name, "a value=with an equals sign", 1)
        defer { unsetenv(name) }
        #expect(ProcessEnvironment.value(name) == "a value=with an equals sign")
        #expect(ProcessEnvironment.value(name) == ProcessInfo.processInfo.environment[name])
        setenv(name, "", 1)
        #expect(ProcessEnvironment.value(name) == "")
    }

    @Test func openMissingFileThrowsErrno() {
        #expect(throws: Errno.noSuchFileOrDirectory) {
            try FileDescriptor.open("/nonexistent-oal/\(UUID())", .readOnly)
        }
    }

    @Test func createdFilesAre0600AndDirectories0700() throws {
        try withTempDirectory { root in
            let container = try AppGroupContainer(url: root.appendingPathComponent("a/b/appgroup"))
            #expect(try mode(container.path) == 0o700)
            #expect(try mode(root.appendingPathComponent("a").path) == 0o700)
            let ledger = try UsageLedger(container: container)
            try ledger.addOpens(rule: UUID(), day: testDay)
            #expect(try mode(ledger.directory) == 0o700)
            #expect(try mode(ledger.journalPath(for: testDay)) == 0o600)
            #expect(try mode(ledger.lockPath(for: testDay)) == 0o600)
            let sessions = try OpenSessionStore(container: container, durable: true)
            try sessions.set(rule: UUID(), expiresAt: Date(timeIntervalSince1970: 100))
            #expect(try mode(sessions.file.path) == 0o600)
            #expect(try mode(sessions.file.lockPath) == 0o600)
        }
    }

    /// `createDirectory` answers an existing directory with one stat
    /// (issue 36) and walks otherwise: both ways it leaves an existing
    /// directory's mode alone, follows a link to a directory, and refuses a
    /// path through a file with ENOTDIR.
    @Test func anExistingDirectoryIsFineAndAFileInThePathIsNot() throws {
        try withTempDirectory { root in
            let existing = root.appendingPathComponent("open").path
            try FileSystem.createDirectory(existing, permissions: .init(rawValue: 0o755))
            #expect(try mode(existing) == 0o755)
            try FileSystem.createDirectory(existing)
            #expect(try mode(existing) == 0o755, "an existing directory keeps its mode")
            try FileSystem.createDirectory(existing + "/inner/deeper")
            #expect(try mode(existing + "/inner/deeper") == 0o700)
            let link = root.appendingPathComponent("link").path
            #expect(symlink(existing, link) == 0)
            try FileSystem.createDirectory(link)
            try FileSystem.createDirectory(link + "/inner/third")
            #expect(try mode(existing + "/inner/third") == 0o700)
            let file = root.appendingPathComponent("plain").path
            #expect(FileManager.default.createFile(atPath: file, contents: Data()))
            #expect(throws: Errno(rawValue: ENOTDIR)) { try FileSystem.createDirectory(file) }
            #expect(throws: Errno(rawValue: ENOTDIR)) { try FileSystem.createDirectory(file + "/below") }
        }
    }

    @Test func exclusiveLockExcludesAndIsReleased() throws {
        try withTempDirectory { root in
            let path = root.appendingPathComponent("x.lock").path
            let a = try FileLock(path: path)
            let b = try FileLock(path: path)
            try a.acquire(.shared)
            #expect(try b.tryAcquire(.shared))
            try b.release()
            #expect(try !b.tryAcquire(.exclusive))
            try a.release()
            #expect(try b.tryAcquire(.exclusive))
            #expect(try !a.tryAcquire(.shared))
            try b.release()
            let value = try a.withLock(.exclusive) { 42 }
            #expect(value == 42)
            #expect(try b.tryAcquire(.exclusive))
            try b.release()
        }
    }

    @Test func atomicReplaceLeavesNoTemporaryFiles() throws {
        try withTempDirectory { root in
            let path = root.appendingPathComponent("doc.json").path
            try AtomicFile.replace(path, with: Array("one".utf8), durable: true)
            try AtomicFile.replace(path, with: Array("two".utf8), durable: false)
            #expect(bytes(path) == Array("two".utf8))
            #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["doc.json"])
        }
    }

    @Test func crashPointSpecParses() {
        #expect(CrashPoint.parse("ledger.append.after-lock")! == ("ledger.append.after-lock", 1))
        #expect(CrashPoint.parse("x.y#3")! == ("x.y", 3))
        #expect(CrashPoint.parse("x#0") == nil)
        #expect(CrashPoint.parse("#2") == nil)
        #expect(CrashPoint.parse("") == nil)
        CrashPoint.reach("test.unset-is-a-no-op")
    }

    @Test func childProcessReportsExitAndSignal() throws {
        let ok = try ChildProcess.spawn("/bin/sh", arguments: ["-c", "exit 3"])
        #expect(try ok.wait() == .exited(3))
        let sleeper = try ChildProcess.spawn("/bin/sh", arguments: ["-c", "sleep 10"])
        try sleeper.signal(SIGKILL)
        #expect(try sleeper.wait() == .signaled(SIGKILL))
    }

    /// The end of a child wakes its waiter before the timeout; a running
    /// child lets the timeout pass (no figure is timed: only which happened).
    @Test func anEndNoticeWakesOnTheChildsEnd() throws {
        let sleeper = try ChildProcess.spawn("/bin/sh", arguments: ["-c", "sleep 10"])
        let notice = ProcessEndNotice(pid: sleeper.pid)
        #expect(notice.notifies, "pidfd_open is missing here")
        #expect(notice.wait(milliseconds: 1) == false)
        try sleeper.signal(SIGKILL)
        #expect(notice.wait(milliseconds: 60_000))
        #expect(try sleeper.poll() == .signaled(SIGKILL))
    }

    /// A running process's peak so far, from `/proc/PID/status`; nil once it
    /// has ended (a zombie keeps no memory).
    @Test func aRunningProcessReportsItsPeakSoFar() throws {
        let own = try #require(try ProcessMemory.sample(of: getpid()))
        #expect(own.peakResidentKiB > 1000)
        #expect(own.privateKiB > 0 && own.privateKiB <= own.peakResidentKiB)
        let sleeper = try ChildProcess.spawn("/bin/sh", arguments: ["-c", "sleep 10"])
        var peak: Int?
        for _ in 0..<200 where peak == nil {
            peak = try ProcessMemory.sample(of: sleeper.pid)?.peakResidentKiB
            usleep(1000)
        }
        #expect((peak ?? 0) > 0)
        try sleeper.signal(SIGKILL)
        while (try? ProcessMemory.sample(of: sleeper.pid)) != nil { usleep(1000) }
        #expect(try sleeper.wait() == .signaled(SIGKILL))
        #expect(try ProcessMemory.sample(of: sleeper.pid) == nil)
    }

    /// The status text is scanned as bytes: the field is found by its whole
    /// name, and a line without digits or a missing field gives nothing.
    @Test func aStatusTextGivesItsTwoFigures() {
        let text = "Name:\tx\nVmHWMish:\t9 kB\nVmHWM:\t   26312 kB\nRssAnon:\t 1880 kB\n"
        #expect(ProcessMemory.sample(parsing: Array(text.utf8)) == .init(peakResidentKiB: 26312, privateKiB: 1880))
        #expect(ProcessMemory.sample(parsing: Array("VmHWM:\t1 kB\n".utf8)) == nil)
        #expect(ProcessMemory.sample(parsing: Array("VmHWM:\t kB\nRssAnon:\t2 kB".utf8)) == nil)
        #expect(ProcessMemory.sample(parsing: []) == nil)
    }

    /// The byte checks for ASCII names give the reason the Character checks
    /// give, for every short name over the characters that matter (and a
    /// long one, and names that are not ASCII).
    @Test func anASCIINameIsJudgedAsItsCharactersWouldBe() {
        func characterReason(_ name: String) -> String? {
            if name.isEmpty { return "empty" }
            if name == "." { return "names the directory itself" }
            if name.contains("..") { return "contains '..'" }
            if name.contains("/") { return "contains '/'" }
            if name.utf8.contains(0) { return "contains NUL" }
            if name.contains(where: \.isNewline) { return "contains a line break" }
            if name.utf8.count > 200 { return "longer than 200 bytes" }
            return nil
        }
        func reason(_ name: String) -> String? {
            do {
                try AppGroupContainer.validate(name: name)
                return nil
            } catch {
                guard case .invalidName(_, let reason) = error else { return "\(error)" }
                return reason
            }
        }
        let alphabet = [".", "/", "\0", "\n", "\r", "\u{0B}", "\u{0C}", "\t", "a", "-"]
        var names = [""] + alphabet
        for _ in 0..<2 { names += names.flatMap { prefix in alphabet.map { prefix + $0 } } }
        names += [
            String(repeating: "a", count: 201), String(repeating: "a", count: 200), "é..", "\u{2028}", ".\u{301}.",
        ]
        for name in Set(names) {
            #expect(reason(name) == characterReason(name), "\(String(reflecting: name))")
        }
    }

    @Test func nameValidationRejectsEscapes() throws {
        for bad in ["../x", "a/b", "..", ".", "", "a\0b", "x..y", "/abs", "line\nbreak"] {
            #expect(throws: StoreError.self, "\(String(reflecting: bad))") {
                try AppGroupContainer.validate(name: bad)
            }
        }
        for good in ["rule-snapshots", "6F1C0B1E-0000-4000-8000-000000000001", "a.b"] {
            try AppGroupContainer.validate(name: good)
        }
        try withContainer { container in
            #expect(throws: StoreError.invalidName("../x", reason: "contains '..'")) {
                try DocumentFile<[String]>(container: container, name: "../x", format: "f", version: 1)
            }
            #expect(throws: StoreError.self) { try container.filePath("a/b") }
        }
    }
}
