import Foundation
import OALPlatform

/// Notices changes in what the device enforces and traces them, so the
/// timeline can be drawn from the trace alone: `app.state` per app
/// (blocked or open, with the stores holding it) and `store.state` per
/// ManagedSettings store (shielding or clear, with its rule's name).
struct ShieldWatcher {
    let view: DeviceView
    let trace: TraceLog

    func observe(at time: Date, state: inout DeviceState) throws {
        let effective = try view.effective()
        let catalog = try view.catalog()
        let rules = try view.rules()
        for app in catalog.apps where app.bundleIdentifier != InstalledAppCatalog.openAppLockBundleIdentifier {
            let stores = effective.storesShielding(app.token, category: app.category)
            let blocked = !stores.isEmpty
            guard state.appBlocked[app.name, default: false] != blocked else { continue }
            state.appBlocked[app.name] = blocked
            trace.record(
                "app.state", at: time,
                [
                    "app": app.name, "state": blocked ? "blocked" : "open",
                    "by": stores.map { view.displayName(store: $0, rules: rules) }.joined(separator: ", "),
                ])
        }
        var names = Set(state.storeShielding.keys)
        names.formUnion(effective.stores.keys)
        for name in names.sorted() {
            let shielding = !(effective.stores[name]?.shield.isEmpty ?? true)
            guard state.storeShielding[name, default: false] != shielding else { continue }
            state.storeShielding[name] = shielding
            trace.record(
                "store.state", at: time,
                [
                    "store": name, "rule": view.displayName(store: name, rules: rules),
                    "state": shielding ? "shielding" : "clear",
                ])
        }
    }
}
