import Foundation
import OALPlatform

/// The emulated clock and time zone as guest code sees them through
/// `Date()`, `Date.now`, `Calendar.current` and `TimeZone.current`.
///
/// The generated prelude in every guest target (`guest-harness/common/Prelude.swift`)
/// declares those four in the guest's own module, where they shadow
/// Foundation's, and forwards here: every read is a read of
/// `<root>/system/clock.json`, as the emulator's own processes read it, so a
/// clock jump or a time-zone change reaches the long-running app loop at its
/// next read, and a lockstep replay is byte-identical (docs/GUEST.md, "The
/// clock").
public enum GuestClock {
    public static func now() -> Date {
        do { return try GuestDevice.context.now() } catch {
            GuestDevice.fail("Date(): cannot read the emulated clock: \(error)")
        }
    }

    /// The device's calendar: Gregorian in the clock's zone.
    public static func calendar() -> Calendar {
        do { return try GuestDevice.context.clock().calendar() } catch {
            GuestDevice.fail("Calendar.current: cannot read the emulated clock: \(error)")
        }
    }

    public static func timeZone() -> TimeZone { calendar().timeZone }
}

/// The guest's `UUID()`: drawn from the launch's seeded source
/// (`OAL_SEED`, `OAL_LAUNCH_ID`), as the emulator's own processes draw
/// their ids, so a guest's run replays with the same ids; a random one
/// outside the emulated device.
public enum GuestIdentifiers {
    public static func next() -> UUID {
        GuestDevice.isInstalled ? GuestDevice.context.identifiers.next() : UUID()
    }
}
