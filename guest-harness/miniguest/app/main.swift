// The app process of MiniGuest.
import GuestHarness

AppMain.run(guestBuildInfo) { MiniAdapter() }
