// The app process of Foqos.
import GuestHarness

AppMain.run(guestBuildInfo) { FoqosAdapter() }
