// The views of a run (OALRunViews) likewise: `oal-device` and the tests
// render what the engine ran.
@_exported import OALRunViews
// What a run is (OALScenario) is part of the engine's vocabulary: every
// caller of the engine names scenarios, faults and specs.
@_exported import OALScenario
