// The oracle (OALOracle) judges every run the engine plays: its report and
// its reproduce line are part of what a caller gets back.
@_exported import OALOracle
// The views of a run (OALRunViews) likewise: `oal-device` and the tests
// render what the engine ran.
@_exported import OALRunViews
// What a run is (OALScenario) is part of the engine's vocabulary: every
// caller of the engine names scenarios, faults and specs.
@_exported import OALScenario
