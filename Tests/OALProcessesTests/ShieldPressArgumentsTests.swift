import OALPlatform
import OALProcesses
import OALSystem
import Testing

/// The one command line of a shield press (issue 24): what the device
/// renders is what both shield-action executables read back, and each
/// wrong word is refused by name.
@Suite struct ShieldPressArgumentsTests {
    @Test(arguments: ShieldPressArguments.Button.allCases)
    func aRenderedPressParsesBackToItself(button: ShieldPressArguments.Button) throws {
        let press = ShieldPressArguments(token: "app-7f3a", button: button)
        let parsed = try ArgumentParser.parse(press.arguments + ["--json"], spec: .common)
        #expect(try ShieldPressArguments(parsing: parsed) == press)
    }

    @Test(arguments: [
        (["category", "c1", "primary"], "unknown shield subject 'category' (only application has buttons)"),
        (["application"], "missing argument TOKEN"),
        (["application", "t"], "missing argument primary|secondary"),
        (["application", "t", "open"], "unknown button 'open' (expected primary or secondary)"),
        (["application", "t", "primary", "extra"], "unexpected argument 'extra'"),
    ])
    func aWrongWordIsRefusedByName(words: [String], message: String) throws {
        let parsed = try ArgumentParser.parse(words, spec: .common)
        #expect(throws: ProcessFailure.usage(message)) { try ShieldPressArguments(parsing: parsed) }
    }
}
