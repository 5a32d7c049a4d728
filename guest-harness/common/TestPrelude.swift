// Generated into a guest's unit-test build (the app module and the tests)
// by `oal-device guest test`. Not the guest's code: the prelude's shadows
// without the clock (docs/GUEST.md, "The app's unit tests"). Tests run in
// real time, as on iOS, on a device of their own (GuestTestHost).
import Foundation
import GuestFoundation
import GuestRuntime

/// App Group defaults backed by the test device's root.
typealias UserDefaults = GuestFoundation.GuestUserDefaults
typealias LocalizedStringResource = GuestFoundation.LocalizedStringResource
/// Sorts by `.localizedStandard` as Apple's does (GuestFoundation).
typealias SortDescriptor = GuestFoundation.GuestSortDescriptor
/// `Bundle.main` with the process's Info dictionary from its build
/// (Foundation's `Bundle` cannot be subclassed on Linux).
typealias Bundle = GuestFoundation.GuestBundle
/// The iCloud key-value store, kept locally (Prelude.swift).
typealias NSUbiquitousKeyValueStore = GuestFoundation.GuestUbiquitousKeyValueStore
/// File coordination, which Foundation on Linux lacks: real per-item locks
/// shared by every process of the device (GuestFileCoordinator).
typealias NSFileCoordinator = GuestFoundation.GuestFileCoordinator
typealias NSFilePresenter = GuestFoundation.NSFilePresenter
