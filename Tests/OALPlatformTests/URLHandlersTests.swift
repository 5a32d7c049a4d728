import Foundation
import OALPlatform
import OALStore
import Testing

/// Which installed app answers a URL, and the requests the device opens
/// (docs/PLATFORM.md, "URLs").
@Suite("URLs answered by the installed apps")
struct URLHandlersTests {
    let handlers = URLHandlers.installed(apps: ["Instagram", "YouTube", "Safari"])

    @Test func aSchemeAUniversalLinkAndTheBrowserEachAnswerAsDocumented() {
        #expect(handlers.route(URL(string: "instagram://user?x=1")!)! == ("Instagram", .scheme))
        #expect(handlers.route(URL(string: "https://www.youtube.com/watch")!)! == ("YouTube", .universalLink))
        #expect(handlers.route(URL(string: "https://example.org")!)! == ("Safari", .browser))
        // Only a universal link with an app to open it, when asked so.
        #expect(handlers.route(URL(string: "https://example.org")!, universalLinksOnly: true) == nil)
        #expect(handlers.route(URL(string: "instagram://")!, universalLinksOnly: true) == nil)
        #expect(
            handlers.route(URL(string: "https://instagram.com/p/1")!, universalLinksOnly: true)! == (
                "Instagram", .universalLink
            ))
        // An app that is not installed answers nothing.
        #expect(handlers.route(URL(string: "twitter://")!) == nil)
        #expect(handlers.route(URL(string: "app-settings:")!) == nil)
    }

    /// "Supporting associated domains" and "Defining a custom URL scheme
    /// for your app": the guest app's own universal links (`applinks:`
    /// hosts) and schemes open it, ahead of the browser.
    @Test func theGuestAppsOwnLinksAndSchemeOpenIt() {
        let withGuest = URLHandlers.installed(
            apps: ["Instagram", "Safari"], guestApp: "OpenAppLock", guestSchemes: ["Foqos"], guestHosts: ["foqos.app"])
        #expect(withGuest.route(URL(string: "https://foqos.app/profile/1")!)! == ("OpenAppLock", .universalLink))
        #expect(withGuest.route(URL(string: "foqos://start")!)! == ("OpenAppLock", .scheme))
        #expect(withGuest.route(URL(string: "https://example.org")!)! == ("Safari", .browser))
        #expect(
            URLHandlers.installed(apps: ["Safari"]).route(URL(string: "https://foqos.app/p")!)! == ("Safari", .browser))
    }

    @Test func requestsAreDrainedInTheOrderAskedAndOnce() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("oal-url-opens-\(getpid())")
        defer { try? FileManager.default.removeItem(at: directory) }
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let requests = try URLOpenRequests(system: AppGroupContainer(url: directory))
        try requests.append(.init(url: "instagram://", app: "Instagram", route: "scheme", from: "app"))
        try requests.append(.init(url: "youtube://", app: "YouTube", route: "scheme", from: "app"))
        #expect(try requests.drain().map(\.app) == ["Instagram", "YouTube"])
        #expect(try requests.drain().isEmpty)
    }
}
