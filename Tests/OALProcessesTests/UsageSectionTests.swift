import OALSystem
import Testing

/// `oal-device guest mutate --help` prints guest mutate's own lines, not
/// the whole page (issue: every command's --help).
@Suite struct UsageSectionTests {
    let usage = """
        usage: tool COMMAND [options]

          run --root DIR SCENARIO
              Play a scenario.
          run ... --forked
              Fork launches.
          guest build PATH
              Build a checkout.
          guest mutate PATH [--limit N]
                     [--work DIR]
              A mutation score.

        Every command: --help, --version.
        Exit codes: 0 done, 64 usage.
        """

    @Test func oneCommandsLinesAndTheClosingParagraph() {
        let section = UsageSection.of(usage, command: ["guest", "mutate"])
        #expect(section.contains("guest mutate PATH [--limit N]"))
        #expect(section.contains("[--work DIR]"))
        #expect(section.contains("A mutation score."))
        #expect(!section.contains("guest build"))
        #expect(!section.contains("run --root"))
        #expect(section.hasPrefix("usage: tool COMMAND [options]"))
        #expect(section.hasSuffix("Exit codes: 0 done, 64 usage."))
    }

    @Test func aCommandWithSeveralEntriesKeepsThemAll() {
        let section = UsageSection.of(usage, command: ["run"])
        #expect(section.contains("Play a scenario."))
        #expect(section.contains("Fork launches."))
        #expect(!section.contains("guest"))
    }

    @Test func unknownWordsGiveTheWholeText() {
        #expect(UsageSection.of(usage, command: ["nope"]) == usage)
    }
}
