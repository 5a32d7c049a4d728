import Foundation

/// The crash and pause points the processes declare (`CrashPoint.reach` and
/// `PausePoint.reach` in their code; docs/CONTRACT.md, "Crash points" and
/// "Pause points"), so a fault naming a point no process has is refused
/// when it is given, not reported MISSED after a whole run.
///
/// A store's three update steps are declared for every store, whatever its
/// name (`DocumentFile`: `rule-<UUID>.update.after-lock` for a rule's
/// shield store, `<suite>.update.after-rename` for a guest's App Group
/// defaults), so `STORE.update.STEP` is known for any STORE; every other
/// point is one name of this catalog.
public enum CrashPointCatalog {
    /// The steps of a document update, in order.
    public static let documentSteps = ["after-lock", "before-rename", "after-rename"]

    /// The ledger's points (`UsageLedger`), reached by every process that
    /// appends to it: the monitor (minutes), the shield action (an open),
    /// and the app settling a press a kill left pending.
    public static let ledger = [
        "ledger.append.after-lock", "ledger.append.torn-write", "ledger.append.after-write",
        "ledger.create.before-rename", "ledger.create.after-rename", "ledger.compact.before-rename",
        "ledger.compact.after-rename",
    ]

    /// The handler steps of the monitor (`MonitorReaction`).
    public static let monitor = ["monitor.after-record-minutes", "monitor.after-session-clear"]

    /// The steps of an Open press (`OpenPress`), in order.
    public static let shieldAction = [
        "shield-action.after-monitor", "shield-action.after-intent", "shield-action.after-record",
        "shield-action.after-lift", "shield-action.after-spend",
    ]

    /// The emulated OS's own point besides its state stores'.
    public static let device = [
        "device.deliver.after-launch", "device.press.after-launch", "device.damage.after-truncate",
    ]

    /// Points a process only pauses at (`preempt`), never dies at.
    public static let pauseOnly = ["app.refresh.after-read-inputs"]

    /// The named points (the store pattern aside) a process of `target`
    /// reaches: where it may be killed, and with `pause` where it may be
    /// preempted too.
    public static func points(of target: FaultTarget, pause: Bool = false) -> [String] {
        switch target {
        case .app, .appLoop: ledger + (pause ? pauseOnly : [])
        case .monitor: ledger + monitor
        case .shieldAction: shieldAction + ledger
        case .shieldConfig: []
        case .device: device
        }
    }

    /// Whether some process declares `name` (without its `#n`): a store's
    /// update step, or a named point of any process (a pause-only point
    /// counts only with `pause`).
    public static func declares(_ name: String, pause: Bool = false) -> Bool {
        if isStoreStep(name) { return true }
        let named = FaultTarget.allCases.flatMap { points(of: $0, pause: pause) }
        return named.contains(name)
    }

    /// `STORE.update.STEP` with a store name and one of `documentSteps`.
    public static func isStoreStep(_ name: String) -> Bool {
        documentSteps.contains { step in
            let suffix = ".update." + step
            return name.hasSuffix(suffix) && name.count > suffix.count
        }
    }

    /// Why `point` (`name` or `name#n`) is no point `target` can be killed
    /// (or, with `pause`, preempted) at; nil when some process declares it.
    /// Names the point (cut at 80 characters) and the points a process of
    /// that kind has, grouped as `ledger.append.{after-lock,...}`.
    public static func problem(point: String, target: FaultTarget, pause: Bool) -> String? {
        let name = point.lastIndex(of: "#").map { String(point[..<$0]) } ?? point
        guard !declares(name, pause: pause) else { return nil }
        let shown = name.count > 80 ? name.prefix(80) + "…" : Substring(name)
        let stores = "STORE.update.{\(documentSteps.joined(separator: ","))} for any STORE"
        let known = (grouped(points(of: target, pause: pause)) + [stores]).joined(separator: ", ")
        return "no process declares the \(pause ? "pause" : "crash") point '\(shown)'; "
            + "\(target.rawValue) has \(known) (docs/CONTRACT.md)"
    }

    /// Names sharing everything up to their last dot, written once:
    /// `ledger.create.{before-rename,after-rename}`.
    static func grouped(_ names: [String]) -> [String] {
        var prefixes: [String] = []
        var tails: [String: [String]] = [:]
        for name in names {
            let dot = name.lastIndex(of: ".") ?? name.startIndex
            let prefix = String(name[..<dot])
            if tails[prefix] == nil { prefixes.append(prefix) }
            tails[prefix, default: []].append(String(name[dot...].dropFirst()))
        }
        return prefixes.map { prefix in
            let group = tails[prefix] ?? []
            return group.count == 1 ? "\(prefix).\(group[0])" : "\(prefix).{\(group.joined(separator: ","))}"
        }
    }
}
