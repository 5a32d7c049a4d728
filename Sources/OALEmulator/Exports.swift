// What a run is (OALScenario) is part of the engine's vocabulary: every
// caller of the engine names scenarios, faults and specs.
@_exported import OALScenario
