// The sample's `QA` as the emulated device launches it. The sample's own
// QA.swift is left out of the build (it imports MachO, which Linux lacks,
// and its entry points drive the SwiftUI shell that is not compiled). With
// no `-qa-*` launch argument, which the device never passes, its `clock`
// is `SystemClock()` and its `reopener` nil, in Debug and Release builds
// alike: the only two members the compiled files use.
import AppIntervention

enum QA {
    static let clock: any InterventionClock = SystemClock()
    @MainActor static var reopener: (any AppReopener)? { nil }
}
