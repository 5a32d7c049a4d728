import Foundation
import OALEmulator
import OALExplore
import OALPlatform
import Testing

@Suite struct ScenarioParserTests {
    private func error(_ text: String) -> ScenarioError? {
        do {
            _ = try ScenarioParser(file: "day.scenario").parse(text)
            return nil
        } catch {
            return error
        }
    }

    @Test func parsesHeaderDaysAndActions() throws {
        let scenario = try ScenarioParser(file: "ok.scenario").parse(
            """
            # a comment
            timezone Europe/Paris
            start 2026-11-30 08:00
            end +1d
            seed 42
            catalog app "Focus Flow" com.example.focus Productivity
            at 08:00 app rule add time-limit "Social Cap" --minutes 45 --list Social   # trailing comment
            at 08:30 open "Focus Flow" for 1h30m
            day 2
            at 07:00 press open on Instagram for 10m
            at day 2 07:05:30 expect usage "Social Cap" opens 1 of 3
            """)
        #expect(scenario.seed == 42)
        #expect(scenario.steps.count == 4)
        #expect(scenario.end.timeIntervalSince(scenario.start) == 86_400)
        guard case .app(let arguments) = scenario.steps[0].action else {
            Issue.record("not app")
            return
        }
        #expect(arguments == ["rule", "add", "time-limit", "Social Cap", "--minutes", "45", "--list", "Social"])
        guard case .open(let app, let duration) = scenario.steps[1].action else {
            Issue.record("not open")
            return
        }
        #expect(app == "Focus Flow" && duration == 5400)
        #expect(scenario.steps[2].time.timeIntervalSince(scenario.start) == 23 * 3600)
        #expect(scenario.steps[3].line == 11)
    }

    @Test(arguments: [
        ("start 2026-11-30 08:00\nat 08:00 dance", 2, "unknown action"),
        ("start 2026-11-30 08:00\nat 25:00 leave", 2, "HH:MM"),
        ("start 2026-11-30 08:00\n\nat 08:00 open Nope", 3, "no installed app named 'Nope'"),
        ("start 2026-11-30 08:00\nat 09:00 leave\nat 08:00 leave", 3, "earlier than the line before"),
        ("timezone Mars/Base\nstart 2026-11-30 08:00", 1, "unknown time zone"),
        ("at 08:00 leave", 1, "needs 'start"),
        ("start 2026-11-30 08:00\nat 08:00 app \"unterminated", 2, "unterminated quote"),
        ("start 2026-11-30 08:00\nat 08:00 expect usage X opens two of 3", 2, "expect usage RULE"),
        ("start 2026-11-30 08:00\nat 08:00 open Instagram for ever", 2, "not a duration"),
        ("start 2026-11-30 08:00\nat 08:00 open Instagram for 9999999999999999d", 2, "not a duration"),
        ("start 2026-11-30 08:00\nend +9999999999999999d", 2, "usage: end"),
        ("start 2026-11-30 08:00\nat 08:00 fault clock jump +999999999999999d", 2, "fault: "),
        ("start 2026-11-30 08:00\nend +1h\nat 10:00 leave", 3, "after the scenario's end"),
        ("start 2026-11-30 08:00\nat 08:00 leave\nseed 3", 3, "belongs in the header"),
        ("start 2026-11-30 08:00\nat 08:00 shortcut CheckIntent", 2, "usage: shortcut run INTENT"),
        ("start 2026-11-30 08:00\nat 08:00 shortcut run CheckIntent always", 2, "'always' is not PARAM=VALUE"),
        (
            "start 2026-11-30 08:00\nat 08:00 automation add A when app-opened Nope run I", 2,
            "no installed app named 'Nope'"
        ),
        ("start 2026-11-30 08:00\nat 08:00 automation add A when wifi home run I", 2, "unknown trigger 'wifi'"),
        ("start 2026-11-30 08:00\nat 08:00 automation add A when nfc-tag t run I --loud", 2, "'--loud' is not"),
        ("start 2026-11-30 08:00\nat 08:00 automation pause A", 2, "usage: automation add NAME"),
        ("start 2026-11-30 08:00\nat 08:00 nfc read t", 2, "usage: nfc scan TAG"),
        ("start 2026-11-30 08:00\nat 08:00 tap", 2, "usage: tap BUTTON [twice]"),
        (
            "start 2026-11-30 08:00\nat 08:00 automation add M when time-of-day 25:00 run I", 2,
            "time-of-day takes HH:MM"
        ),
        ("start 2026-11-30 08:00\nat 08:00 tap pay thrice", 2, "usage: tap BUTTON [twice]"),
        ("start 2026-11-30 08:00\nat 08:00 link open", 2, "usage: link open URL"),
        ("start 2026-11-30 08:00\nat 08:00 qr read x", 2, "usage: qr scan TEXT"),
        ("start 2026-11-30 08:00\nat 08:00 link open foqos.app/profile", 2, "'foqos.app/profile' is not a URL"),
    ])
    func malformedLinesReportFileAndLine(text: String, line: Int, message: String) throws {
        let failure = try #require(error(text))
        #expect(failure.line == line)
        #expect(failure.message.contains(message), "\(failure)")
        #expect(failure.description.hasPrefix("day.scenario:\(line): "))
    }

    /// `shortcut run INTENT [PARAM=VALUE ...]` (issue 37), and its line
    /// written back as it was read.
    @Test func aShortcutStepNamesTheIntentAndItsParameters() throws {
        let scenario = try ScenarioParser(file: "s.scenario").parse(
            "start 2026-11-30 08:00\nat 08:30 shortcut run ReviewRulesIntent always=true \"note=two words\"")
        guard case .shortcut(let intent, let parameters) = scenario.steps[0].action else {
            Issue.record("not a shortcut: \(scenario.steps[0].action)")
            return
        }
        #expect(intent == "ReviewRulesIntent")
        #expect(parameters == ["always=true", "note=two words"])
        #expect(scenario.steps[0].action.lineText == "shortcut run ReviewRulesIntent always=true \"note=two words\"")
    }

    /// Automations and NFC scans (issue 37), each line written back as read.
    @Test func automationStepsAndNFCScansParseAndWriteBack() throws {
        let lines = [
            "automation add \"Pause Instagram\" when app-opened Instagram run ReviewRulesIntent always=false",
            "automation add Desk when nfc-tag desk-tag run CheckBlockingIntent --ask --notify",
            "automation disable Desk", "automation enable Desk", "automation remove Desk", "nfc scan desk-tag",
            "tap pay", "tap pay twice", "automation add Morning when time-of-day 09:30 run CheckBlockingIntent",
            "link open https://foqos.app/profile/1", "qr scan https://foqos.app/profile/1",
        ]
        let scenario = try ScenarioParser(file: "a.scenario").parse(
            "start 2026-11-30 08:00\n" + lines.map { "at 08:30 " + $0 }.joined(separator: "\n"))
        #expect(scenario.steps.map(\.action.lineText) == lines)
        guard case .automation(.add(let desk)) = scenario.steps[1].action else {
            Issue.record("not an automation: \(scenario.steps[1].action)")
            return
        }
        #expect(desk.trigger == .nfcTag(id: "desk-tag"))
        #expect(!desk.runImmediately && desk.notifyWhenRun && desk.enabled)
        #expect(scenario.steps[7].action == .screenTap(button: "pay", times: 2))
        #expect(scenario.steps[9].action == .link(url: "https://foqos.app/profile/1"))
        #expect(scenario.steps[10].action == .cameraScan(code: "https://foqos.app/profile/1"))
    }

    /// A fall-back day shows 01:00–01:59 twice (New York, 2026-11-01): a
    /// line names the second one with `(second)` or with the offset the
    /// emulator prints beside such a time, `(UTC-05:00)` (issue 25).
    @Test func theRepeatedHourIsNamedBySecondOrByOffset() throws {
        let scenario = try ScenarioParser(file: "fall.scenario").parse(
            """
            timezone America/New_York
            start 2026-11-01 00:30
            end +4h
            at 01:50 leave
            at 01:16 (second) leave
            at 01:20 (UTC-05:00) leave
            at 01:30 (UTC-05:00) leave
            """)
        let utc = scenario.steps.map { ISO8601DateFormatter().string(from: $0.time) }
        #expect(
            utc == ["2026-11-01T05:50:00Z", "2026-11-01T06:16:00Z", "2026-11-01T06:20:00Z", "2026-11-01T06:30:00Z"])
        // First is the default and may be said; an offset the day does not
        // have, or a second occurrence of a time seen once, is an error.
        let first = try ScenarioParser(file: "fall.scenario").parse(
            "timezone America/New_York\nstart 2026-11-01 00:30\nend +4h\nat 01:10 (first) leave\nat 01:10 (UTC-04:00) leave\n"
        )
        #expect(first.steps.map(\.time) == [first.steps[0].time, first.steps[0].time])
        let once = error("timezone America/New_York\nstart 2026-11-01 00:30\nend +4h\nat 03:00 (second) leave\n")
        #expect(once?.line == 4)
        #expect(once?.message.contains("03:00 happens once") == true, "\(String(describing: once))")
        let offset = error("timezone America/New_York\nstart 2026-11-01 00:30\nend +4h\nat 01:10 (UTC+01:00) leave\n")
        #expect(offset?.message.contains("UTC-04:00 or UTC-05:00") == true, "\(String(describing: offset))")
        let word = error("timezone America/New_York\nstart 2026-11-01 00:30\nend +4h\nat 01:10 (later) leave\n")
        #expect(word?.message.contains("(first), (second) or (UTC±HH:MM)") == true, "\(String(describing: word))")
    }

    @Test func timesADaylightSavingGapSkipsAreErrorsNotGuesses() throws {
        // 2026-03-29 in Paris goes from 02:00 straight to 03:00.
        let gapStart = error("timezone Europe/Paris\nstart 2026-03-29 02:30\nend +1h\n")
        #expect(gapStart?.line == 2)
        #expect(gapStart?.message.contains("does not exist in Europe/Paris") == true)
        let gapLine = error("timezone Europe/Paris\nstart 2026-03-29 01:30\nend +3h\nat 02:45 leave\n")
        #expect(gapLine?.line == 4)
        #expect(gapLine?.message.contains("day 1 02:45 does not exist") == true)
        let after = try ScenarioParser(file: "ok.scenario").parse(
            "timezone Europe/Paris\nstart 2026-03-29 01:30\nend +3h\nat 03:45 leave\n")
        // 01:30 to 03:45 across the gap is one hour and a quarter.
        let elapsed = try #require(after.steps.first?.time.timeIntervalSince(after.start))
        #expect(abs(elapsed - 75 * 60) < 0.001)
    }

    @Test func aMissingFileIsNamedWithoutALineNumber() {
        #expect(
            throws: ScenarioError(
                file: "/nonexistent/day.scenario", line: 0, message: "no such scenario file", fileIsMissing: true)
        ) {
            try ScenarioParser.load(path: "/nonexistent/day.scenario")
        }
        // Not found (66), like a missing fixture; a scenario that does not
        // parse is a data error (65).
        let missing = ScenarioError(file: "x", line: 0, message: "no such scenario file", fileIsMissing: true)
        #expect(EngineError.scenario(missing).exitCode == .notFound)
        #expect(EngineError.scenario(ScenarioError(file: "x", line: 3, message: "bad")).exitCode == .data)
        let error = ScenarioError(file: "/nonexistent/day.scenario", line: 0, message: "no such scenario file")
        #expect(error.description == "/nonexistent/day.scenario: no such scenario file")
    }

    @Test func theBundledScenariosParse() throws {
        let directory = Repository.root.appendingPathComponent("scenarios")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
            $0.hasSuffix(".scenario")
        }
        #expect(!files.isEmpty)
        for file in files {
            _ = try ScenarioParser.load(path: directory.appendingPathComponent(file).path)
        }
    }
}
