// Generated harness main (scripts/guest-build): the app process.
import GuestHarness

AppMain.run(guestBuildInfo) { OpenAppLockAdapter() }
