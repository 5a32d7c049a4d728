import Foundation
import OALPlatform
import OALProcesses
import OALSystem
import OALTestSupport
import Testing

@Suite struct CommandLineTests {
    @Test func parsesPositionalsOptionsAndFlags() throws {
        let spec = ArgumentSpec(options: ["from"], flags: ["hard"]).merging(.common)
        let parsed = try ArgumentParser.parse(["rule", "--from", "09:00", "--hard", "x", "--root=/r"], spec: spec)
        #expect(parsed.positionals == ["rule", "x"])
        #expect(parsed.value("from") == "09:00")
        #expect(parsed.value("root") == "/r")
        #expect(parsed.has("hard"))
    }

    /// Found by `oal-fuzz arguments` (Fuzz/corpus/arguments/inline-value-*):
    /// a value starting with a combining mark joins the `=` into one
    /// Character, and a search for the Character "=" missed it.
    @Test func anInlineValueMaySpellAnyText() throws {
        let spec = ArgumentSpec(options: ["days", "rename"]).merging(.common)
        for value in ["\u{0308}mon", "\u{0301}", "=", "a=b", "\u{200D}x", ""] {
            let parsed = try ArgumentParser.parse(["--rename=" + value, "--days", value], spec: spec)
            #expect(parsed.value("rename") == value, "\(String(reflecting: value))")
            #expect(parsed.value("days") == value)
        }
        #expect(throws: ProcessFailure.usage("option --json takes no value")) {
            try ArgumentParser.parse(["--json=\u{0308}"], spec: spec)
        }
    }

    /// A repeatable option (`--fault`, issue 24) keeps every value in
    /// order; any other given twice is still refused.
    @Test func aRepeatableOptionKeepsEveryValue() throws {
        let spec = ArgumentSpec(options: ["seed"], repeatable: ["fault"]).merging(.common)
        let parsed = try ArgumentParser.parse(["--fault", "a", "--fault=b; c", "--seed", "1"], spec: spec)
        #expect(parsed.all("fault") == ["a", "b; c"])
        #expect(parsed.value("fault") == "b; c")
        #expect(throws: ProcessFailure.usage("option --seed given more than once")) {
            try ArgumentParser.parse(["--seed", "1", "--seed", "2"], spec: spec)
        }
    }

    @Test func unknownOptionIsAUsageErrorNamingIt() {
        #expect(throws: ProcessFailure.usage("unknown option '--frm'")) {
            try ArgumentParser.parse(["--frm", "1"], spec: .common)
        }
        #expect(throws: ProcessFailure.usage("option --root needs a value")) {
            try ArgumentParser.parse(["--root"], spec: .common)
        }
    }

    @Test func idsAreReplayableUnderTheEmulatedOS() {
        let environment = ["OAL_SEED": "42", "OAL_LAUNCH_ID": "7"]
        let first = IdentifierSource(environment: environment)
        let second = IdentifierSource(environment: environment)
        let ids = [first.next(), first.next()]
        #expect(ids == [second.next(), second.next()])
        #expect(ids[0] != ids[1])
        #expect(IdentifierSource(environment: ["OAL_SEED": "42", "OAL_LAUNCH_ID": "8"]).next() != ids[0])
    }

    @Test func exitCodesOfTheContract() throws {
        let device = try Device()
        #expect(try device.app("bogus", expect: 64).stderr.contains("unknown command 'bogus'"))
        #expect(try device.app("list", "add", "X", "--apps", "Nope", expect: 66).stderr.contains("app 'Nope'"))
        #expect(try device.app("rule", "disable", "Missing", expect: 66).stderr.hasPrefix("oal-app: "))
        #expect(
            try device.app("rule", "add", "time-limit", "T", "--from", "09:00", expect: 64).stderr.contains("--from"))
        #expect(try device.app("--help").stdout.contains("usage: oal-app"))
        // An unknown activity is traced and ignored.
        try device.monitor("intervalDidStart", "mystery-activity")
        #expect(try device.trace().contains { $0.event == "callback.ignored" })

        let missing = try ProcessRun.run(
            BuiltProducts.executable("oal-app"), ["--root", "/nonexistent/oal-root", "home"])
        #expect(missing.status == 69)
        let noRoot = try ProcessRun.run(BuiltProducts.executable("oal-monitor"), ["intervalDidStart", "x"])
        #expect(noRoot.status == 64)
    }

    @Test func oalDeviceRefusesOptionsItsCommandDoesNotTake() throws {
        let device = try Device()
        let tool = try BuiltProducts.executable("oal-device")
        let root = device.root.url.path
        for arguments in [
            ["status", "--root", root, "--width", "3"], ["timeline", "--root", root, "--fixture", "x"],
            ["summary", "--root", root, "--quiet"], ["init", "--root", root + "/new", "--seed", "1"],
        ] {
            let ran = try ProcessRun.run(tool, arguments)
            #expect(ran.status == 64, "\(arguments)")
            #expect(ran.stderr.contains("unknown option '\(arguments[3])'"), "\(ran.stderr)")
        }
        let bogus = try ProcessRun.run(tool, ["--bogus"])
        #expect(bogus.status == 64)
        #expect(bogus.stderr.contains("'--bogus'"), "\(bogus.stderr)")
        #expect(try ProcessRun.run(tool, ["--help"]).status == 0)
    }

    @Test func oalDeviceTellsAMissingScenarioFromABadOne() throws {
        let device = try Device()
        let tool = try BuiltProducts.executable("oal-device")
        let root = device.root.url.path
        let missing = try ProcessRun.run(tool, ["run", "--root", root, root + "/none.scenario"])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("none.scenario: no such scenario file"), "\(missing.stderr)")
        let bad = device.root.url.appendingPathComponent("bad.scenario")
        try "start 2026-11-30 08:00\nend +1h\nat 09:xx leave\n".write(to: bad, atomically: true, encoding: .utf8)
        let malformed = try ProcessRun.run(tool, ["run", "--root", root, bad.path])
        #expect(malformed.status == 65)
        #expect(malformed.stderr.contains("bad.scenario:3:"), "\(malformed.stderr)")
        // A root that already is a device is a bad --root, refused untouched.
        let again = try ProcessRun.run(tool, ["init", "--root", root])
        #expect(again.status == 64)
        #expect(again.stderr.contains("already a device root"), "\(again.stderr)")
    }
}

/// A name the picker stand-in does not know says which names it knows
/// (issue 25: the categories were only in InstalledAppCatalog.swift).
@Suite struct UnknownPickerNameTests {
    @Test func anUnknownCategoryListsTheInstalledOnes() {
        do {
            _ = try CommandInputs.selection(
                apps: [], categories: ["Gaems"], domains: [], catalog: InstalledAppCatalog.standard)
            Issue.record("an unknown category was accepted")
        } catch {
            let text = "\(error)"
            #expect(text.contains("category 'Gaems'"), "\(text)")
            for category in InstalledAppCatalog.standard.categories {
                #expect(text.contains(category.name), "\(category.name) not listed: \(text)")
            }
        }
    }

    @Test func anUnknownAppListsTheInstalledOnes() {
        do {
            _ = try CommandInputs.selection(
                apps: ["Chesss"], categories: [], domains: [], catalog: InstalledAppCatalog.standard)
            Issue.record("an unknown app was accepted")
        } catch {
            #expect("\(error)".contains("Chess"), "\(error)")
        }
    }
}
