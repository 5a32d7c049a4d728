import Foundation
import OALEmulator
import OALExplore
import OALTestSupport

extension RunSpec {
    /// A run played by the executables this test run built.
    static func built(_ scenario: String, seed: UInt64? = nil, mutant: String? = nil) -> RunSpec {
        var spec = RunSpec(scenario: scenario, seed: seed, binDirectory: BuiltProducts.directory.path)
        spec.mutant = mutant
        return spec
    }
}
