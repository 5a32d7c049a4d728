/// An input that parsed into something its own invariants deny: the fuzz
/// campaign's finding, as much a defect as a crash.
struct InvariantBroken: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}

/// Fails with `message` unless `condition` holds.
func require(_ condition: Bool, _ message: @autoclosure () -> String) throws(InvariantBroken) {
    if !condition { throw InvariantBroken(message()) }
}
