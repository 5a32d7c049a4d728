// The app process of swift-app-intervention's sample host app.
import GuestHarness

AppMain.run(guestBuildInfo) { InterventionHostAdapter() }
