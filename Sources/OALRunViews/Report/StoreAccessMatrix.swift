import OALPlatform

/// Which process kind read or wrote which App Group file in a run, counted
/// from the trace's `store.read` / `store.write` lines, each cell judged
/// against docs/CONTRACT.md's table (`ContractTable`).
struct StoreAccessMatrix: Sendable {
    struct Cell: Hashable, Sendable {
        var reads = 0
        var writes = 0
        /// Accesses the contract does not allow (empty: the cell is inside it).
        var outside: [ContractTable.Access] = []

        init(reads: Int = 0, writes: Int = 0, outside: [ContractTable.Access] = []) {
            self.reads = reads
            self.writes = writes
            self.outside = outside
        }
    }

    /// Row order: the contract's four processes, then any other kind seen.
    var processes: [ProcessKind]
    /// Column order: the contract's files, then any other App Group file seen.
    var files: [String]
    var cells: [ProcessKind: [String: Cell]]
    /// Files outside the App Group (the app's database, `system/`), with
    /// who touched them: listed, not judged.
    var elsewhere: [String: [ProcessKind: Cell]]
    /// The first line of each (process, file, access) outside the contract.
    var firstOutside: [(process: ProcessKind, file: String, access: ContractTable.Access, line: Int)]

    init(_ record: RunRecord) {
        var cells: [ProcessKind: [String: Cell]] = [:]
        var elsewhere: [String: [ProcessKind: Cell]] = [:]
        var firstOutside: [(ProcessKind, String, ContractTable.Access, Int)] = []
        var files = ContractTable.files
        var processes = ContractTable.processes
        for (index, line) in record.lines.enumerated() {
            let access: ContractTable.Access
            switch line.event {
            case "store.read": access = .read
            case "store.write": access = .write
            default: continue
            }
            guard let path = line.fields["path"] else { continue }
            let kind = line.process
            guard let file = ContractTable.file(forPath: path) else {
                var cell = elsewhere[path, default: [:]][kind, default: Cell()]
                if access == .read { cell.reads += 1 } else { cell.writes += 1 }
                elsewhere[path, default: [:]][kind] = cell
                continue
            }
            if !files.contains(file) { files.append(file) }
            if !processes.contains(kind) { processes.append(kind) }
            var cell = cells[kind, default: [:]][file, default: Cell()]
            if access == .read { cell.reads += 1 } else { cell.writes += 1 }
            if !ContractTable.allows(kind, access, file), !cell.outside.contains(access) {
                cell.outside.append(access)
                firstOutside.append((kind, file, access, index))
            }
            cells[kind, default: [:]][file] = cell
        }
        self.processes = processes
        self.files = files
        self.cells = cells
        self.elsewhere = elsewhere
        self.firstOutside = firstOutside.map { (process: $0.0, file: $0.1, access: $0.2, line: $0.3) }
    }

    func cell(_ process: ProcessKind, _ file: String) -> Cell { cells[process]?[file] ?? Cell() }

    /// Every access was inside the contract.
    var withinContract: Bool { firstOutside.isEmpty }
}
