import Foundation
import OALSystem
import OALTestSupport
import Testing

@testable import OALEmulator
@testable import OALExplore
@testable import OALOracle
@testable import OALRunViews

/// docs/PROCESSES.md, "Terminal conventions": colour only on a terminal and
/// never with NO_COLOR or TERM=dumb; progress with an ETA. `--help`,
/// `--version` and unknown options, for every executable and script, are
/// `ScriptToolTests.everyCommandAnswersHelpAndVersionWithoutChangingTheCheckout`.
@Suite struct TerminalConventionsTests {
    @Test func colourOnlyOnATerminalWithoutNoColorOrDumbTerm() {
        #expect(ColorPolicy.decide(isTerminal: true, environment: ["TERM": "xterm-256color"]).enabled)
        #expect(!ColorPolicy.decide(isTerminal: false, environment: ["TERM": "xterm-256color"]).enabled)
        #expect(!ColorPolicy.decide(isTerminal: true, environment: ["TERM": "xterm", "NO_COLOR": "1"]).enabled)
        #expect(ColorPolicy.decide(isTerminal: true, environment: ["TERM": "xterm", "NO_COLOR": ""]).enabled)
        #expect(!ColorPolicy.decide(isTerminal: true, environment: ["TERM": "dumb"]).enabled)
        #expect(ColorPolicy.plain.paint("FAIL", .red) == "FAIL")
        #expect(ColorPolicy(enabled: true).paint("FAIL", .red) == "\u{1B}[31mFAIL\u{1B}[0m")
    }

    @Test func progressEstimatesTheTimeLeft() {
        let start = Date(timeIntervalSince1970: 1000)
        let meter = ProgressMeter(total: 20, started: start)
        #expect(meter.prefix(done: 0, now: start) == "[0/20 0%]")
        #expect(meter.prefix(done: 5, now: start.addingTimeInterval(30)) == "[5/20 25%, ETA 1m30s]")
        #expect(meter.prefix(done: 20, now: start.addingTimeInterval(4000)) == "[20/20 100%, took 1h06m]")
    }

    /// The real executable, on a pseudo-terminal (`script`) and on a pipe.
    @Test func theSummaryIsColouredOnATerminalOnly() throws {
        let run = try DeviceHarness.run(
            """
            end day 1 09:00
            at 08:00 app list add Games --apps Chess
            at 08:30 expect blocked Chess
            """)
        defer { run.remove() }
        let device = try BuiltProducts.executable("oal-device").path
        let piped = try ProcessRun.run(URL(fileURLWithPath: device), ["summary", "--root", run.root.url.path])
        #expect(piped.stdout.contains("FAIL") && !piped.stdout.contains("\u{1B}["))
        let script = URL(fileURLWithPath: "/usr/bin/script")
        guard FileManager.default.isExecutableFile(atPath: script.path) else { return }
        func onTerminal(_ environment: [String: String]) throws -> String {
            let command = "\(device) summary --root \(run.root.url.path)"
            return try ProcessRun.run(script, ["-qec", command, "/dev/null"], environment: environment).stdout
        }
        #expect(try onTerminal(["TERM": "xterm", "NO_COLOR": ""]).contains("\u{1B}[31mFAIL"))
        #expect(!(try onTerminal(["TERM": "xterm", "NO_COLOR": "1"]).contains("\u{1B}[")))
        #expect(!(try onTerminal(["TERM": "dumb", "NO_COLOR": ""]).contains("\u{1B}[")))
    }
}
