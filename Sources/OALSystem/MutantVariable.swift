/// The environment variable that turns on one test-only broken variant in
/// a process (docs/ORACLE.md, "Mutants"): the emulator's own (`Mutant`) or
/// a guest's (`guest-N`). Named here, beside the crash-point variables, so
/// a run's reproduce line can carry one without knowing the app's code.
public enum MutantVariable {
    public static let name = "OAL_MUTANT"
    /// A directory where a guest's mutated copy records each mutation site
    /// it reaches (docs/GUEST.md, "Mutation score"): one file per process,
    /// `<pid>.sites`, a site's number a line, each site once. Set for the
    /// unmutated runs of `guest mutate`, whose reached sites are the ones
    /// a scenario covers; it changes nothing a run does.
    public static let coverage = "OAL_MUTANT_COVERAGE"
    /// The extension of the per-process files in the `coverage` directory.
    public static let coverageFileExtension = "sites"
}
