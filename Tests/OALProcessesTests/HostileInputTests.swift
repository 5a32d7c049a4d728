import Foundation
import OALDomain
import OALPlatform
import OALStore
import OALTestSupport
import Testing

/// Hostile input to the app and its extensions (issue 10, part B): values
/// at the edge of `Int`, journals that add up past `Int.max`, names no user
/// should be able to give. Every test drives the real executables.
@Suite struct HostileInputTests {
    /// Defect 1: `minutes-4611686018427387904` overflowed `minutes * 60` in
    /// the monitor's undated-activity guess (SIGILL). A threshold no day can
    /// reach is ignored, dated or not, and records nothing.
    @Test func aThresholdNoDayCanReachIsIgnoredNotACrash() throws {
        let device = try Device()
        try device.app("list", "add", "Video", "--apps", "YouTube")
        let id = try device.addRule("time-limit", "Tube", "--list", "Video", "--minutes", "5")
        for activity in ["rule-\(id.uuidString)", "rule-\(id.uuidString)-2026-11-30"] {
            for event in ["minutes-4611686018427387904", "minutes-9223372036854775807", "minutes-1501"] {
                let run = try device.monitor("eventDidReachThreshold", activity, event)
                #expect(!run.signaled)
            }
        }
        #expect(try !device.isShielded("YouTube"))
        let ignored = try device.trace().filter { $0.event == "callback.ignored" }
        #expect(ignored.count == 6)
        #expect(ignored.allSatisfy { ($0.fields["reason"] ?? "").contains("more minutes than a day has") })
        let show = try device.json(device.app("show", "Tube", "--json"))
        #expect(show.description.contains("76861433640456465") == false)
        // A reachable threshold still counts.
        try device.monitor("eventDidReachThreshold", "rule-\(id.uuidString)-2026-11-30", "minutes-5")
        #expect(try device.isShielded("YouTube"))
    }

    /// Defect 2: a journal whose `opens` lines add up past `Int.max` crashed
    /// every reader, and every later launch again. It is corruption: the
    /// first reader quarantines it (exit 65, `file:line`), the next starts
    /// from an empty day.
    @Test func aJournalThatAddsUpPastIntMaxIsQuarantinedOnce() throws {
        let device = try Device()
        try device.app("list", "add", "Games", "--apps", "Chess")
        let id = try device.addRule("open-limit", "Chess", "--list", "Games", "--opens", "3")
        let usage = device.root.appGroup.appendingPathComponent("usage", isDirectory: true)
        try FileManager.default.createDirectory(at: usage, withIntermediateDirectories: true)
        let journal = usage.appendingPathComponent("2026-11-30.jsonl")
        let text = """
            {"format":"oal.usage-journal","formatVersion":1,"day":"2026-11-30"}
            {"rule":"\(id.uuidString)","opens":9223372036854775807}
            {"rule":"\(id.uuidString)","opens":1}

            """
        try Data(text.utf8).write(to: journal)
        let first = try device.app("home", expect: 65)
        #expect(!first.signaled)
        #expect(first.stderr.contains("2026-11-30.jsonl:3"))
        #expect(first.stderr.contains("Int.max"))
        #expect(FileManager.default.fileExists(atPath: journal.path + ".corrupt-1"))
        // Every later launch works again: app, monitor, shield action.
        try device.app("home")
        try device.monitor("intervalDidStart", "rule-\(id.uuidString)")
        let chess = try device.app(named: "Chess")
        try device.run("oal-shield-action", ["application", chess.token.description, "primary"])
    }

    /// Defect 8: a 50 MB valid journal cost every launch its whole fold
    /// (about 4 s) until the next append compacted it. A process that may
    /// write the ledger compacts a journal it reads past the threshold, so
    /// only the first launch pays; the usage is unchanged.
    @Test func anOversizedJournalIsCompactedByTheFirstWriterThatReadsIt() throws {
        let device = try Device()
        try device.app("list", "add", "Games", "--apps", "Chess")
        let id = try device.addRule("open-limit", "Chess", "--list", "Games", "--opens", "3")
        let usage = device.root.appGroup.appendingPathComponent("usage", isDirectory: true)
        try FileManager.default.createDirectory(at: usage, withIntermediateDirectories: true)
        let journal = usage.appendingPathComponent("2026-11-30.jsonl")
        var text = #"{"format":"oal.usage-journal","formatVersion":1,"day":"2026-11-30"}"# + "\n"
        let line = #"{"rule":"\#(id.uuidString)","minutesAtLeast":1}"# + "\n"
        text += String(repeating: line, count: 4 * 1024 * 1024 / line.utf8.count)
        text += #"{"rule":"\#(id.uuidString)","opens":1}"# + "\n"
        try Data(text.utf8).write(to: journal)
        let size = { (try FileManager.default.attributesOfItem(atPath: journal.path)[.size] as? Int) ?? 0 }
        // A read-only process (the app) reads it and leaves it be.
        let home = try device.json(device.app("home", "--json"))
        #expect(home.description.contains("1"))
        #expect(try size() > 4_000_000)
        // The monitor, which writes the ledger, compacts it on its read.
        try device.monitor("intervalDidStart", "rule-\(id.uuidString)")
        #expect(try size() < 64 * 1024)
        let ledger = try UsageLedger(container: AppGroupContainer(url: device.root.appGroup))
        let after = try ledger.usage(rule: id, day: DayKey("2026-11-30")!)
        #expect(after == DailyUsage(minutesUsed: 1, opensUsed: 1))
    }

    /// Defect 10: "", ".", a newline and 10,000 characters were all taken
    /// as rule and list names. What the app does now (docs/PROCESSES.md,
    /// "Names"): names are trimmed; a rule with an empty name takes its
    /// kind's default (the spec), an empty list name is refused; a control
    /// character or more than 100 characters is refused (64); "." is
    /// accepted (a name is display text, never a file name). Two rules may
    /// share a name (as in the app), with a warning, and a name that
    /// matches several is ambiguous: 64 naming their ids.
    @Test func namesAreOneLineOfShortTextAndAmbiguityNamesTheIds() throws {
        let device = try Device()
        let long = String(repeating: "n", count: 10_000)
        // Lists.
        for bad in ["", "   ", "Soc\nial", "Tab\tbed", long] {
            let run = try device.app("list", "add", bad, "--apps", "Chess", expect: 64)
            #expect(run.stderr.contains("the app list name"), "\(run.stderr)")
            #expect(run.stderr.utf8.count < 500)
        }
        try device.app("list", "add", "  Games  ", "--apps", "Chess")
        let lists = try device.app("list", "show", "--json").stdout
        #expect(lists.contains("\"Games\""))
        try device.app("list", "add", ".", "--apps", "YouTube")
        try device.app("list", "add", "Other", "--apps", "Instagram")
        let clash = try device.app("list", "edit", "Other", "--rename", "games", expect: 64)
        #expect(clash.stderr.contains("already exists"))
        try device.app("list", "edit", "Other", "--rename", "Line\nbreak", expect: 64)
        // Rules.
        for bad in ["Work\ntime", "Nul\u{7}x", long] {
            let run = try device.app("rule", "add", "open-limit", bad, "--list", "Games", "--opens", "2", expect: 64)
            #expect(run.stderr.contains("the rule name"), "\(run.stderr)")
        }
        let unnamed = try device.json(
            device.app("rule", "add", "open-limit", "  ", "--list", "Games", "--opens", "2", "--json"))
        #expect(unnamed["name"] as? String == RuleKind.openLimit.defaultRuleName)
        let dot = try device.json(device.app("rule", "add", "open-limit", ".", "--list", ".", "--opens", "2", "--json"))
        #expect(dot["name"] as? String == ".")
        try device.app("show", ".")
        // Duplicates: allowed with a warning, then ambiguous by name.
        let first = try device.addRule("open-limit", "Gate", "--list", "Games", "--opens", "2")
        let second = try device.run(
            "oal-app", ["rule", "add", "open-limit", "gate", "--list", "Games", "--opens", "3", "--json"])
        #expect(second.stderr.contains("warning: another rule is named gate"))
        let ambiguous = try device.app("show", "Gate", expect: 64)
        #expect(ambiguous.stderr.contains(first.uuidString), "\(ambiguous.stderr)")
        try device.app("show", first.uuidString)
        try device.app("rule", "edit", first.uuidString, "--rename", "Bad\nName", expect: 64)
        try device.app("rule", "edit", first.uuidString, "--rename", "  First Gate ")
        try device.app("show", "First Gate")
    }

    /// Found by the 200-seed swarm: under a full disk (`disk-full`: `ulimit
    /// -f`, SIGXFSZ ignored) with stderr going to a file, as the device
    /// captures it, reporting the failed store write itself failed, and
    /// Foundation's `FileHandle.write` trapped (SIGILL) instead of the
    /// process exiting with its error code.
    @Test func aFullDiskIsAnErrorExitNotACrashEvenWhenStderrCannotBeWritten() throws {
        let device = try Device()
        try device.app("list", "add", "Social", "--apps", "TikTok")
        let id = try device.addRule("schedule", "Night", "--list", "Social", "--from", "09:00", "--to", "11:00")
        try device.clearStore("rule-\(id.uuidString)")
        let stderr = device.root.url.appendingPathComponent("stderr.txt").path
        let monitor = try BuiltProducts.executable("oal-monitor")
        let command =
            "trap '' XFSZ; ulimit -f 0; exec \"$0\" --root \"$1\" intervalDidStart sched-\(id.uuidString) 2>>\"$2\""
        let run = try ProcessRun.run(
            URL(fileURLWithPath: "/bin/sh"), ["-c", command, monitor.path, device.root.url.path, stderr])
        // A trap ends the process by SIGILL (Process reports the signal, 4).
        #expect(run.status >= 64 && run.status < 128, "oal-monitor ended with \(run.status), not an error exit")
        #expect(run.status != 0, "a store write cannot succeed on a full disk")
    }
}
