// Generated into every guest target by scripts/guest-build. Not the guest's
// code: the emulator's shadows (docs/GUEST.md, "How guest code reaches the
// emulator"). A declaration in the guest's own module wins over Foundation's,
// so these reach every file of the target with no edit to it.
import Foundation
import GuestFoundation
import GuestRuntime

/// App Group defaults backed by the device root.
typealias UserDefaults = GuestFoundation.GuestUserDefaults
/// Foundation on Linux has no `LocalizedStringResource`; the emulator's
/// resolves keys from the guest's string catalogs.
typealias LocalizedStringResource = GuestFoundation.LocalizedStringResource

// The emulated clock and time zone (`<root>/system/clock.json`).
extension Date {
    nonisolated static var now: Date { GuestClock.now() }
    nonisolated init() { self = GuestClock.now() }
}

extension Calendar {
    nonisolated static var current: Calendar { GuestClock.calendar() }
    nonisolated static var autoupdatingCurrent: Calendar { GuestClock.calendar() }
}

extension TimeZone {
    nonisolated static var current: TimeZone { GuestClock.timeZone() }
    nonisolated static var autoupdatingCurrent: TimeZone { GuestClock.timeZone() }
}

// The process's own container, as iOS gives it (GuestFoundation's
// `guestURLs`), not the machine's XDG folders.
extension FileManager {
    nonisolated func urls(for directory: FileManager.SearchPathDirectory, in domainMask: FileManager.SearchPathDomainMask) -> [URL] {
        guestURLs(for: directory, in: domainMask)
    }
}

/// Foundation on Linux cannot sort strings by `.localizedStandard`, the
/// default of Apple's `SortDescriptor(\.name)`; SwiftData's fetches take
/// the emulator's (GuestFoundation).
typealias SortDescriptor = GuestFoundation.GuestSortDescriptor
/// `Bundle.main` with the process's Info dictionary from its build
/// (Foundation's `Bundle` cannot be subclassed on Linux).
typealias Bundle = GuestFoundation.GuestBundle
/// The iCloud key-value store, kept locally: the emulated device is signed
/// in to no iCloud account (Linux's Foundation has no such class).
typealias NSUbiquitousKeyValueStore = GuestFoundation.GuestUbiquitousKeyValueStore
/// File coordination, which Foundation on Linux lacks: real per-item locks
/// shared by every process of the device (GuestFileCoordinator).
typealias NSFileCoordinator = GuestFoundation.GuestFileCoordinator
typealias NSFilePresenter = GuestFoundation.NSFilePresenter

// Seeded ids (`GuestIdentifiers`): a run replays with the same rule ids.
extension UUID {
    nonisolated init() { self = GuestIdentifiers.next() }
}

// A mutation run's schemata (`GuestMutant`): false unless this site's
// mutant is the one the run turned on. Only mutated copies call it.
@inline(__always) nonisolated func __oalMutant(_ id: Int) -> Bool { GuestMutant.on(id) }
