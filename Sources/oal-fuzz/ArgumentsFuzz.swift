import Foundation
import OALProcesses
import OALSystem

/// `oal-fuzz arguments`: the bytes as an argument vector (NUL-separated,
/// as the kernel hands it over), parsed as `oal-app` parses its own, then
/// every option value through the parser its command uses.
enum ArgumentsFuzz {
    static let spec = AppCommand.spec.merging(.common)

    static func run(_ bytes: UnsafeBufferPointer<UInt8>) throws(InvariantBroken) {
        // `CommandLine.arguments` repairs invalid UTF-8 the same way.
        let arguments = bytes.split(separator: 0, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        let parsed: ParsedArguments
        do {
            parsed = try ArgumentParser.parse(arguments, spec: spec)
        } catch {
            try require(error.code == .usage && !error.message.isEmpty, "a refusal that is no usage error: \(error)")
            return
        }
        try require(Set(parsed.values.keys).isSubset(of: spec.valueOptions), "an option the spec does not take")
        try require(parsed.flags.isSubset(of: spec.flags), "a flag the spec does not take")
        let again: ParsedArguments
        do {
            again = try ArgumentParser.parse(canonical(parsed), spec: spec)
        } catch {
            throw InvariantBroken("the canonical spelling \(canonical(parsed)) of \(arguments) is refused: \(error)")
        }
        try require(again == parsed, "\(arguments) reads as \(parsed), its canonical spelling as \(again)")
        try values(parsed)
    }

    /// The same command line spelled one way: flags, `--name=value`, `--`, positionals.
    static func canonical(_ parsed: ParsedArguments) -> [String] {
        parsed.flags.sorted().map { "--" + $0 }
            + parsed.values.sorted { $0.key < $1.key }.map { "--\($0.key)=\($0.value)" }
            + ["--"] + parsed.positionals
    }

    private static func values(_ parsed: ParsedArguments) throws(InvariantBroken) {
        for option in ["from", "to"] {
            guard let text = parsed.value(option), let minutes = try? CommandInputs.minutes(text, option: option)
            else { continue }
            try require((0..<1440).contains(minutes), "--\(option) \(text) reads as minute \(minutes) of the day")
            let clock =
                (minutes / 60 < 10 ? "0" : "") + "\(minutes / 60):" + (minutes % 60 < 10 ? "0" : "")
                + "\(minutes % 60)"
            try require(
                (try? CommandInputs.minutes(clock, option: option)) == minutes, "\(clock) does not read as \(minutes)")
        }
        if let text = parsed.value("days"), let days = try? CommandInputs.days(text) {
            try require(!days.isEmpty, "--days \(text) reads as no day")
        }
        for option in ["apps", "categories", "domains"] {
            for name in CommandInputs.names(parsed.value(option)) {
                try require(
                    !name.isEmpty && name.trimmingCharacters(in: .whitespaces) == name && !name.contains(","),
                    "--\(option) gives the name \(String(reflecting: name))")
            }
        }
        if let text = parsed.value("rename") ?? parsed.positionals.last {
            if let name = try? CommandInputs.ruleName(text) {
                try require(
                    (try? CommandInputs.ruleName(name)) == name, "the rule name \(String(reflecting: name)) is not kept"
                )
            }
            if let name = try? CommandInputs.listName(text) {
                try require(
                    (try? CommandInputs.listName(name)) == name, "the list name \(String(reflecting: name)) is not kept"
                )
            }
        }
        for (option, range) in [("minutes", 1...1440), ("opens", 1...1000)] {
            if let value = try? parsed.int(option, in: range) {
                try require(range.contains(value), "--\(option) \(value) is outside \(range)")
            }
        }
    }
}
