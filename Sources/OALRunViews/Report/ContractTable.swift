import OALPlatform

/// docs/CONTRACT.md's "Who reads and writes what", as data: which process
/// may read or write which App Group file. The report's access matrix
/// highlights anything outside it; `StoreAccessTests` holds this copy to
/// the table in the document, so the two cannot drift apart.
enum ContractTable {
    enum Access: String, Hashable, Sendable, CaseIterable {
        case read = "R"
        case write = "W"
    }

    /// The files, in the document's order; a day's usage journal is one
    /// column whatever its day.
    static let files = [
        "rule-snapshots.json", "rule-snapshots-copy.json", "usage/<day>.jsonl", "open-sessions.json",
        "open-grants.json", "shield-stores.json",
        "group-defaults.json",
    ]

    /// The four processes of the table, in its order.
    static let processes: [ProcessKind] = [.app, .monitor, .shieldConfig, .shieldAction]

    /// A cell that says the process writes ("**writes**", "**clears**",
    /// "**sets**", "**adds**", "**resolves**") allows the read its
    /// read-modify-write starts with.
    static let allowed: [String: [ProcessKind: Set<Access>]] = [
        "rule-snapshots.json": [
            .app: [.read, .write], .monitor: [.read], .shieldConfig: [.read], .shieldAction: [.read],
        ],
        // The mirror's second copy: read only when the mirror is damaged.
        "rule-snapshots-copy.json": [
            .app: [.read, .write], .monitor: [.read], .shieldConfig: [.read], .shieldAction: [.read],
        ],
        "usage/<day>.jsonl": [
            .app: [.read, .write], .monitor: [.read, .write], .shieldConfig: [.read], .shieldAction: [.read, .write],
        ],
        "open-sessions.json": [
            .app: [.read, .write], .monitor: [.read, .write], .shieldConfig: [.read], .shieldAction: [.read, .write],
        ],
        // Pending grants of Open presses in flight: the press adds one, the
        // next process to take the press lock resolves it.
        "open-grants.json": [.app: [.read, .write], .monitor: [.read, .write], .shieldAction: [.read, .write]],
        "shield-stores.json": [.app: [.read, .write]],
        // The Uninstall Protection switch: every callback and press
        // reconciles its setting with the app closed.
        "group-defaults.json": [.app: [.read, .write], .monitor: [.read], .shieldAction: [.read]],
    ]

    /// What `process` may do to `file`: the table's cell; the emulated OS
    /// may read every App Group file (to judge, docs/CONTRACT.md) and
    /// write none; a file the table does not list, nobody may touch.
    static func allows(_ process: ProcessKind, _ access: Access, _ file: String) -> Bool {
        if process == .device { return access == .read }
        return allowed[file]?[process]?.contains(access) ?? false
    }

    /// The table's column name for a traced path (`appgroup/usage/2026-11-30.jsonl`
    /// → `usage/<day>.jsonl`); nil for a path outside the App Group.
    static func file(forPath path: String) -> String? {
        guard path.hasPrefix("appgroup/") else { return nil }
        let inside = String(path.dropFirst("appgroup/".count))
        if inside.hasPrefix("usage/"), inside.hasSuffix(".jsonl") { return "usage/<day>.jsonl" }
        return inside
    }
}
