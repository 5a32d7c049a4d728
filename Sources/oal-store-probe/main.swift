// oal-store-probe: hammers the App Group stores from a real process, for the
// multi-process tests and the store benchmark. Every acknowledged update is
// printed with one unbuffered write(2), so a test that SIGKILLs the probe
// knows exactly which updates were acknowledged.
import Foundation
import OALDomain
import OALStore
import OALSystem

/// Exit codes (sysexits.h).
enum ExitCode: Int32 {
    case ok = 0
    case usage = 64  // EX_USAGE: bad command line
    case dataError = 65  // EX_DATAERR: a store is corrupt or of a newer format
    case ioError = 74  // EX_IOERR: a system call failed
    case software = 70  // EX_SOFTWARE: anything else
}

struct UsageError: Error { let message: String }

func emit(_ text: String, to fd: FileDescriptor = .standardOutput) {
    try? fd.writeAll(Array((text + "\n").utf8))
}

struct Command {
    let name: String
    let summary: String
    let options: [(String, String)]  // (flag, help)
    let run: (Options) throws -> Void
}

struct Options {
    var values: [String: String] = [:]
    var flags: Set<String> = []

    func string(_ key: String) throws -> String {
        guard let value = values[key] else { throw UsageError(message: "missing --\(key)") }
        return value
    }
    func int(_ key: String, default fallback: Int? = nil) throws -> Int {
        guard let text = values[key] else {
            if let fallback { return fallback }
            throw UsageError(message: "missing --\(key)")
        }
        guard let value = Int(text) else { throw UsageError(message: "--\(key) must be an integer, got \(text)") }
        return value
    }
    /// A count of updates: 1 or more (and small enough to loop over).
    func count(default fallback: Int? = nil) throws -> Int {
        let value = try int("count", default: fallback)
        guard value >= 1 else { throw UsageError(message: "--count must be at least 1, got \(value)") }
        return value
    }
    func uuid(_ key: String) throws -> UUID {
        let text = try string(key)
        guard let value = UUID(uuidString: text) else {
            throw UsageError(message: "--\(key) must be a UUID, got \(text)")
        }
        return value
    }
    func day() throws -> DayKey {
        let text = try string("day")
        guard let value = DayKey(text) else { throw UsageError(message: "--day must be yyyy-MM-dd, got \(text)") }
        return value
    }
    func container() throws -> AppGroupContainer {
        try AppGroupContainer(url: URL(fileURLWithPath: try string("appgroup"), isDirectory: true))
    }
    var durable: StoreDurability { StoreDurability(flags.contains("durable")) }
    func ledger() throws -> UsageLedger {
        try UsageLedger(
            container: try container(), durable: durable,
            compactionThreshold: try int("compact-at", default: UsageLedger.defaultCompactionThreshold))
    }
}

let common = [("--appgroup DIR", "the App Group directory (created when missing)")]
let ledgerOptions =
    common + [
        ("--rule UUID", "the rule id"), ("--day yyyy-MM-dd", "the calendar day"),
        ("--durable", "fdatasync every append"), ("--compact-at BYTES", "journal compaction threshold"),
    ]

let commands: [Command] = [
    Command(
        name: "increment", summary: "add M opens one update at a time, printing `ack <n>` after each",
        options: ledgerOptions + [("--count M", "number of updates")]
    ) { o in
        let ledger = try o.ledger()
        let rule = try o.uuid("rule")
        let day = try o.day()
        for i in 1...(try o.count()) {
            try ledger.addOpens(1, rule: rule, day: day)
            emit("ack \(i)")
        }
    },
    Command(
        name: "spend", summary: "try M spends against a budget, printing `granted <count>` or `denied` for each",
        options: ledgerOptions + [("--budget N", "the rule's open budget"), ("--count M", "number of tries")]
    ) { o in
        let ledger = try o.ledger()
        let rule = try o.uuid("rule")
        let day = try o.day()
        let budget = try o.int("budget")
        for _ in 1...(try o.count()) {
            switch try ledger.spendOpen(rule: rule, day: day, budget: budget) {
            case .granted(let n): emit("granted \(n)")
            case .denied: emit("denied")
            }
        }
    },
    Command(
        name: "minutes",
        summary: "record minutes V, V+1, ... (M values), printing `ack <minutes>` after each",
        options: ledgerOptions + [("--value V", "first minutes value"), ("--count M", "number of values (default 1)")]
    ) { o in
        let ledger = try o.ledger()
        let rule = try o.uuid("rule")
        let day = try o.day()
        let start = try o.int("value")
        guard start >= 0 else { throw UsageError(message: "--value must be 0 or more minutes, got \(start)") }
        let count = try o.count(default: 1)
        let (last, overflow) = start.addingReportingOverflow(count - 1)
        guard !overflow else {
            throw UsageError(message: "--value \(start) with --count \(count) passes the largest value, \(Int.max)")
        }
        for value in start...last {
            try ledger.recordMinutes(value, rule: rule, day: day)
            emit("ack \(value)")
        }
    },
    Command(
        name: "read", summary: "print a day's usage: `<rule> opens=<n> minutes=<m>` per rule (or one rule's)",
        options: common + [("--day yyyy-MM-dd", "the calendar day"), ("--rule UUID", "only this rule (optional)")]
    ) { o in
        let ledger = try o.ledger()
        let day = try o.day()
        var usage = try ledger.usage(day: day)
        if o.values["rule"] != nil {
            let rule = try o.uuid("rule")
            usage = [rule: usage[rule] ?? .zero]
        }
        for (rule, u) in usage.sorted(by: { $0.key.uuidString < $1.key.uuidString }) {
            emit("\(rule.uuidString) opens=\(u.opensUsed) minutes=\(u.minutesUsed)")
        }
    },
    Command(
        name: "compact", summary: "rewrite a day's journal as one line per rule",
        options: common + [("--day yyyy-MM-dd", "the calendar day")]
    ) { o in
        try o.ledger().compact(day: try o.day())
        emit("ok")
    },
    Command(
        name: "snapshot-write",
        summary:
            "M read-modify-writes of the rule snapshots, each bumping the rule's maxOpens; prints `ack <maxOpens>`",
        options: common + [
            ("--rule UUID", "the rule id"), ("--count M", "number of updates"), ("--durable", "fsync every replace"),
        ]
    ) { o in
        let store = try RuleSnapshotStore(container: try o.container(), durable: o.durable)
        let rule = try o.uuid("rule")
        for _ in 1...(try o.count()) {
            let value = try store.modify { rules -> Int in
                if let index = rules.firstIndex(where: { $0.id == rule }) {
                    rules[index].maxOpens += 1
                    return rules[index].maxOpens
                }
                rules.append(
                    RuleSnapshot(
                        id: rule, name: "probe", kindRaw: "openLimit", isEnabled: true, hardMode: false,
                        selectionModeRaw: "specific", selectionData: nil, dayNumbers: [1, 2, 3, 4, 5, 6, 7],
                        startMinutes: 0, endMinutes: 1440, dailyLimitMinutes: 0, maxOpens: 1, pausedUntil: nil))
                return 1
            }
            emit("ack \(value)")
        }
    },
    Command(
        name: "session-write",
        summary:
            "M read-modify-writes of the open sessions, each moving the rule's expiry 1 s later; prints `ack <seconds since 1970>`",
        options: common + [
            ("--rule UUID", "the rule id"), ("--count M", "number of updates"), ("--durable", "fsync every replace"),
        ]
    ) { o in
        let store = try OpenSessionStore(container: try o.container(), durable: o.durable)
        let rule = try o.uuid("rule")
        for _ in 1...(try o.count()) {
            let seconds = try store.file.update { document -> Int in
                var value = document ?? OpenSessionStore.Document()
                let next = Int(value.sessions[rule.uuidString]?.timeIntervalSince1970 ?? 0) + 1
                value.sessions[rule.uuidString] = Date(timeIntervalSince1970: TimeInterval(next))
                document = value
                return next
            }
            emit("ack \(seconds)")
        }
    },
    Command(
        name: "coordinated-increment",
        summary: "add 1 to the number in FILE M times, each a read, a pause and a write under ItemCoordination",
        options: [
            ("--file FILE", "the counter file (a decimal number; absent is 0)"),
            ("--locks DIR", "the coordination lock directory"), ("--count M", "number of increments"),
            ("--start-after FILE", "wait until FILE exists before the first increment (optional)"),
            ("--uncoordinated", "take no lock: shows what the lock prevents"),
        ]
    ) { o in
        let file = try o.string("file")
        let coordination = ItemCoordination(directory: URL(fileURLWithPath: try o.string("locks"), isDirectory: true))
        let count = try o.count()
        if let gate = o.values["start-after"] {
            while !FileManager.default.fileExists(atPath: gate) { usleep(1_000) }
        }
        // The pause between the read and the write is what makes two
        // uncoordinated writers lose each other's updates.
        let increment = {
            let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? "0"
            guard let value = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                throw UsageError(message: "\(file) does not hold a number: \(text.prefix(40))")
            }
            usleep(500)
            try AtomicFile.replace(file, with: Array("\(value + 1)\n".utf8), durable: false)
        }
        for i in 1...count {
            if o.flags.contains("uncoordinated") {
                try increment()
            } else {
                try coordination.withAccess(to: file, .exclusive, increment)
            }
            emit("ack \(i)")
        }
    },
    Command(
        name: "check",
        summary: "parse every store in the App Group; print one line per store; exit 65 when one does not parse",
        options: common
    ) { o in
        let container = try o.container()
        let rules = try RuleSnapshotStore(container: container).all()
        emit("rule-snapshots rules=\(rules.count)")
        let sessions = try OpenSessionStore(container: container).all()
        emit("open-sessions sessions=\(sessions.count)")
        emit("shield-stores names=\(try ShieldStoreTracking(container: container).names().count)")
        emit(
            "group-defaults uninstallProtectionEnabled=\(try GroupDefaults(container: container).uninstallProtectionEnabled())"
        )
        let ledger = try UsageLedger(container: container)
        for day in try ledger.days() {
            let usage = try ledger.usage(day: day)
            emit(
                "usage \(day) rules=\(usage.count) opens=\(usage.values.reduce(0) { $0.addingReportingOverflow($1.opensUsed).overflow ? Int.max : $0 + $1.opensUsed })"
            )
        }
    },
]

func help(_ command: Command) -> String {
    var text = "usage: oal-store-probe \(command.name) [options]\n  \(command.summary)\n"
    for (flag, about) in command.options + [("--help", "show this help")] {
        text += "  \(flag.padding(toLength: 22, withPad: " ", startingAt: 0)) \(about)\n"
    }
    return text
}

let topHelp = """
    usage: oal-store-probe <command> [options]   (`<command> --help` for its options)
    commands:
    \(commands.map { "  \($0.name.padding(toLength: 15, withPad: " ", startingAt: 0)) \($0.summary)" }.joined(separator: "\n"))
    exit codes: 0 ok, 64 usage, 65 corrupt or newer-format store, 70 other failure, 74 I/O error.
    """

@MainActor func main() -> ExitCode {
    FileSystem.restrictPermissionMask()
    var args = Array(CommandLine.arguments.dropFirst())
    guard let name = args.first else {
        emit(topHelp, to: .standardError)
        return .usage
    }
    args.removeFirst()
    if name == "--help" || name == "-h" || name == "help" {
        emit(topHelp)
        return .ok
    }
    if name == "--version" {
        emit(ToolVersion.line(tool: "oal-store-probe"))
        return .ok
    }
    guard let command = commands.first(where: { $0.name == name }) else {
        emit("oal-store-probe: unknown command '\(name)'\n\(topHelp)", to: .standardError)
        return .usage
    }
    let flagNames: Set<String> = ["durable", "help", "uncoordinated"]
    let known = Set(command.options.map { String($0.0.dropFirst(2).prefix { $0 != " " }) })
    var options = Options()
    var index = 0
    while index < args.count {
        let arg = args[index]
        guard arg.hasPrefix("--") else {
            emit("oal-store-probe \(name): unexpected argument '\(arg)'\n\(help(command))", to: .standardError)
            return .usage
        }
        let key = String(arg.dropFirst(2))
        if key == "help" {
            emit(help(command))
            return .ok
        }
        guard known.contains(key) else {
            emit("oal-store-probe \(name): unknown option '\(arg)'\n\(help(command))", to: .standardError)
            return .usage
        }
        if flagNames.contains(key) {
            options.flags.insert(key)
        } else {
            guard index + 1 < args.count else {
                emit("oal-store-probe \(name): \(arg) needs a value", to: .standardError)
                return .usage
            }
            options.values[key] = args[index + 1]
            index += 1
        }
        index += 1
    }
    do {
        try command.run(options)
        return .ok
    } catch let error as UsageError {
        emit("oal-store-probe \(name): \(error.message)\n\(help(command))", to: .standardError)
        return .usage
    } catch let error as StoreError {
        emit("oal-store-probe \(name): \(error)", to: .standardError)
        switch error {
        case .newerFormat, .corrupt: return .dataError
        case .io: return .ioError
        case .invalidName: return .usage
        }
    } catch {
        emit("oal-store-probe \(name): \(error)", to: .standardError)
        return .software
    }
}

exit(main().rawValue)
