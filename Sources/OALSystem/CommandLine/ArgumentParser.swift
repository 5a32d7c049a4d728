/// Which options a command accepts: options that take a value
/// (`--from 09:00`, also `--from=09:00`) and boolean flags (`--hard`).
/// Names are given without the leading dashes.
public struct ArgumentSpec: Sendable, Hashable {
    public var valueOptions: Set<String>
    public var flags: Set<String>
    /// Value options that may be given more than once (`--fault A --fault
    /// B`), every value kept in order; any other given twice is an error.
    public var repeatable: Set<String>

    public init(options: [String] = [], flags: [String] = [], repeatable: [String] = []) {
        valueOptions = Set(options).union(repeatable)
        self.flags = Set(flags)
        self.repeatable = Set(repeatable)
    }

    /// The options every executable takes (docs/PROCESSES.md).
    public static let common = ArgumentSpec(options: ["root"], flags: ["help", "version", "json", "untraced"])

    public func merging(_ other: ArgumentSpec) -> ArgumentSpec {
        var merged = self
        merged.valueOptions.formUnion(other.valueOptions)
        merged.flags.formUnion(other.flags)
        merged.repeatable.formUnion(other.repeatable)
        return merged
    }
}

/// A parsed command line: positional arguments in order, option values,
/// and the flags that were present.
public struct ParsedArguments: Sendable, Hashable {
    public var positionals: [String]
    /// The last value of each option.
    public var values: [String: String]
    public var flags: Set<String>
    /// Every value of each repeatable option, in order.
    public var repeated: [String: [String]] = [:]

    public init(positionals: [String] = [], values: [String: String] = [:], flags: Set<String> = []) {
        self.positionals = positionals
        self.values = values
        self.flags = flags
    }

    public func has(_ flag: String) -> Bool { flags.contains(flag) }

    public func value(_ option: String) -> String? { values[option] }

    /// Every value a repeatable option was given, in order.
    public func all(_ option: String) -> [String] { repeated[option] ?? values[option].map { [$0] } ?? [] }

    public func required(_ option: String) throws(ProcessFailure) -> String {
        guard let value = values[option] else { throw .usage("missing required option --\(option)") }
        return value
    }

    /// An integer option within `range`, nil when absent.
    public func int(_ option: String, in range: ClosedRange<Int>) throws(ProcessFailure) -> Int? {
        guard let text = values[option] else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw .usage("--\(option): '\(text)' is not a whole number in \(range.lowerBound)...\(range.upperBound)")
        }
        return value
    }

    /// The positional argument at `index`, described as `name` when missing.
    public func positional(_ index: Int, _ name: String) throws(ProcessFailure) -> String {
        guard index < positionals.count else { throw .usage("missing argument \(name)") }
        return positionals[index]
    }

    /// Fails when more than `count` positional arguments were given.
    public func expectAtMost(_ count: Int) throws(ProcessFailure) {
        if positionals.count > count {
            throw .usage("unexpected argument '\(positionals[count])'")
        }
    }
}

/// The one command-line parser of the emulator's executables.
///
/// Deliberately small: no abbreviations, no bundled short flags, so a typo
/// is always an error that names what was not understood rather than a
/// guess. `--` ends the options; `-h` is `--help`.
public enum ArgumentParser {
    public static func parse(_ arguments: [String], spec: ArgumentSpec) throws(ProcessFailure) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if argument == "-h" {
                parsed.flags.insert("help")
                continue
            }
            guard argument.hasPrefix("--") else { throw .usage("unknown option '\(argument)'") }
            var name = String(argument.dropFirst(2))
            var inlineValue: String?
            // By scalar, not Character: a value starting with a combining
            // mark makes `=` and the mark one Character, which is no "=".
            let scalars = name.unicodeScalars
            if let equals = scalars.firstIndex(of: "=") {
                inlineValue = String(scalars[scalars.index(after: equals)...])
                name = String(scalars[..<equals])
            }
            if spec.flags.contains(name) {
                if inlineValue != nil { throw .usage("option --\(name) takes no value") }
                parsed.flags.insert(name)
            } else if spec.valueOptions.contains(name) {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < arguments.count else { throw .usage("option --\(name) needs a value") }
                    value = arguments[index]
                    index += 1
                }
                if spec.repeatable.contains(name) {
                    parsed.repeated[name, default: []].append(value)
                } else if parsed.values[name] != nil {
                    throw .usage("option --\(name) given more than once")
                }
                parsed.values[name] = value
            } else {
                throw .usage("unknown option '--\(name)'")
            }
        }
        return parsed
    }
}
