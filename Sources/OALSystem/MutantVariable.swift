/// The environment variable that turns on one test-only broken variant in
/// a process (docs/ORACLE.md, "Mutants"): the emulator's own (`Mutant`) or
/// a guest's (`guest-N`). Named here, beside the crash-point variables, so
/// a run's reproduce line can carry one without knowing the app's code.
public enum MutantVariable {
    public static let name = "OAL_MUTANT"
}
