import Foundation

/// The mutant of a mutation run (`oal-device guest mutate`, docs/GUEST.md
/// "Mutation score"): a mutated copy of the app is built once with every
/// site as a schema (`__oalMutant(N)`, from the prelude), and the emulated
/// OS sets `OAL_MUTANT=guest-N` for each launch of a run (the variable the
/// emulator's own mutants use), read once per process. Unset or any other
/// value: every site behaves as the original.
public enum GuestMutant {
    public static let active: Int? = {
        guard let value = ProcessInfo.processInfo.environment["OAL_MUTANT"], value.hasPrefix("guest-") else {
            return nil
        }
        return Int(value.dropFirst("guest-".count))
    }()

    @inline(__always) public static func on(_ id: Int) -> Bool { active == id }
}
