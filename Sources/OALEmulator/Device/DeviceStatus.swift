import Foundation
import OALPlatform

/// `oal-device status`: the emulated OS's view of a device right now.
public struct DeviceStatus: Codable, Sendable {
    public var root: String
    public var time: String
    public var timeZone: String
    public var frontmost: String?
    public var showingShield: String?
    public var activities: [String]
    public var blockedApps: [String]
    public var shieldingStores: [String]
    public var launches: Int

    public init(root: DeviceRoot) throws {
        guard root.exists else { throw EngineError.rootMissing(root.url.path) }
        // A guest's rules are named from its database (DeviceView).
        let view = try DeviceView(root: root, guest: try RootRun.load(root)?.spec.guest != nil)
        let clock = try view.clockState()
        let state = try DeviceStateFile(root: root).load()
        let catalog = try view.catalog()
        let effective = try view.effective()
        let rules = (try? view.rules()) ?? []
        self.root = root.url.path
        time = LocalTimeText.text(clock.now, try clock.calendar())
        timeZone = clock.timeZoneIdentifier
        frontmost = state.frontmost.map { bundle in catalog.apps.first { $0.bundleIdentifier == bundle }?.name ?? bundle
        }
        showingShield = state.showingShield
        activities = try view.registry().activities.keys.sorted()
        blockedApps = catalog.apps.filter { effective.isShielded($0.token, category: $0.category) }.map(\.name)
        shieldingStores = effective.stores.filter { !$0.value.shield.isEmpty }.keys.sorted()
            .map { view.displayName(store: $0, rules: rules) }
        launches = state.launchSequence
    }

    public func render() -> String {
        """
        device      \(root)
        time        \(time) (\(timeZone))
        frontmost   \(frontmost ?? showingShield.map { "shield of \($0)" } ?? "home screen")
        blocked     \(blockedApps.isEmpty ? "none" : blockedApps.joined(separator: ", "))
        shielding   \(shieldingStores.isEmpty ? "none" : shieldingStores.joined(separator: ", "))
        activities  \(activities.isEmpty ? "none" : activities.joined(separator: "\n            "))
        launches    \(launches)

        """
    }
}
