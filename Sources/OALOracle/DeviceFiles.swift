import Foundation
import OALPlatform
import OALProcesses
import OALStore

/// The device's files as the oracle reads them: parsed directly, never
/// through a store API that could lock, quarantine or compact, and decoded
/// once per content (the engine's reader shares its memo with the oracle).
package protocol DeviceFiles {
    /// Decoded App Group documents, reused while their bytes are the same.
    var decoded: DecodedBytesMemo { get }
    /// The rule mirror as an extension reads it: `.some(nil)` when neither
    /// it nor its copy exists, nil when what exists does not parse.
    func mirror() -> RuleSnapshotStore.Document??
    /// What ManagedSettings enforces now, the union of every store.
    func effective() throws -> EffectiveSettings
    func catalog() throws -> InstalledAppCatalog
}
