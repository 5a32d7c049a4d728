import Foundation

/// An app's or extension's Info dictionary, as the guest build bakes it in
/// for `Bundle.main` (GuestFoundation's `GuestBundle`).
public enum InfoDictionary {
    /// Every string in a property list with its build-setting references expanded.
    static func expanded(_ value: Any, _ settings: [String: String]) -> Any {
        switch value {
        case let string as String: return BuildSettings.expand(string, settings)
        case let array as [Any]: return array.map { expanded($0, settings) }
        case let dictionary as [String: Any]: return dictionary.mapValues { expanded($0, settings) }
        default: return value
        }
    }

    /// The dictionary as XML property-list text (empty dictionary on failure).
    public static func xml(_ info: [String: Any]) -> String {
        guard let data = try? PropertyListSerialization.data(fromPropertyList: info, format: .xml, options: 0) else {
            return "<plist version=\"1.0\"><dict/></plist>"
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// A folder's `Info.plist` without a project: references to the
    /// target's names expanded, other settings unknown (empty, as Xcode).
    static func fromFolder(_ folder: URL, moduleName: String, target: String) -> [String: Any] {
        guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent("Info.plist").path),
            let plist = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil)
                as? [String: Any]
        else { return ["CFBundleName": target, "CFBundleExecutable": target] }
        let settings = ["PRODUCT_MODULE_NAME": moduleName, "TARGET_NAME": target, "PRODUCT_NAME": target]
        var info = expanded(plist, settings) as? [String: Any] ?? [:]
        info["CFBundleName"] = info["CFBundleName"] ?? target
        info["CFBundleExecutable"] = info["CFBundleExecutable"] ?? target
        return info
    }
}
