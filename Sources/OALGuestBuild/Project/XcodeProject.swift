import Foundation

/// What an Xcode project (`NAME.xcodeproj/project.pbxproj`) says about its
/// targets: their kind, the folders and files each compiles, and their
/// build settings. Only what a guest build needs is read.
///
/// Membership follows Xcode's file-system-synchronized groups: a target
/// compiles every source file under each folder it lists, except the files
/// an exception set attached to that folder names for that target; an
/// exception set naming a target that does *not* list the folder adds its
/// files to that target instead (how one file is shared with an extension).
/// Classic groups are read from the target's Sources build phase.
public struct XcodeProject: Sendable {
    public var name: String
    /// The checkout directory (the project's parent).
    public var root: URL
    public var targets: [Target]

    public struct Target: Sendable {
        public var name: String
        public var productType: String
        /// Checkout-relative paths of every file it holds (sources, string
        /// catalogs, plists), sorted.
        public var members: [String]
        /// The Debug configuration's settings (the project's, overridden by the target's).
        public var settings: [String: String]

        /// The Swift files it compiles.
        public var sources: [String] { members.filter { $0.hasSuffix(".swift") } }

        /// A Debug build setting with its references expanded; paths
        /// relative to the project (`$(SRCROOT)/` dropped).
        public func setting(_ key: String) -> String? {
            settings[key].map {
                BuildSettings.expand($0.replacingOccurrences(of: "$(SRCROOT)/", with: ""), settings)
            }
        }

        public var moduleName: String {
            let named = setting("PRODUCT_MODULE_NAME") ?? setting("PRODUCT_NAME") ?? name
            return String((named.isEmpty ? name : named).map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
        }

        /// The Info.plist Xcode builds for it: its `INFOPLIST_FILE` with
        /// every value's references expanded, its `INFOPLIST_KEY_*`
        /// settings, and the bundle keys its settings name.
        public func infoDictionary(root: URL) -> [String: Any] {
            var info: [String: Any] = [:]
            if let path = setting("INFOPLIST_FILE"),
                let data = FileManager.default.contents(atPath: root.appendingPathComponent(path).path),
                let plist = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil)
                    as? [String: Any]
            {
                info = InfoDictionary.expanded(plist, settings) as? [String: Any] ?? [:]
            }
            for (key, _) in settings where key.hasPrefix("INFOPLIST_KEY_") {
                info[String(key.dropFirst("INFOPLIST_KEY_".count))] = setting(key)
            }
            let bundleKeys = [
                ("CFBundleIdentifier", "PRODUCT_BUNDLE_IDENTIFIER"),
                ("CFBundleShortVersionString", "MARKETING_VERSION"),
                ("CFBundleVersion", "CURRENT_PROJECT_VERSION"), ("CFBundleName", "PRODUCT_NAME"),
                ("CFBundleExecutable", "EXECUTABLE_NAME"),
            ]
            for (key, setting) in bundleKeys where info[key] == nil {
                if let value = self.setting(setting), !value.isEmpty { info[key] = value }
            }
            if info["CFBundleExecutable"] == nil { info["CFBundleExecutable"] = setting("PRODUCT_NAME") ?? name }
            return info
        }

        public var isApplication: Bool { productType == "com.apple.product-type.application" }
        /// An app extension, or an ExtensionKit extension (a
        /// DeviceActivityReport extension is one).
        public var isAppExtension: Bool {
            productType.hasPrefix("com.apple.product-type.app-extension")
                || productType == "com.apple.product-type.extensionkit-extension"
        }
        public var isUnitTestBundle: Bool { productType == "com.apple.product-type.bundle.unit-test" }
    }

    public func target(named name: String) -> Target? { targets.first { $0.name == name } }

    /// Finds the one `.xcodeproj` directly in `checkout`; nil when there is none.
    public static func find(in checkout: URL) throws(GuestBuildError) -> XcodeProject? {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: checkout.path)) ?? []
        let projects = entries.filter { $0.hasSuffix(".xcodeproj") }.sorted()
        guard let first = projects.first else { return nil }
        guard projects.count == 1 else {
            throw .project(checkout.path, "more than one Xcode project: \(projects.joined(separator: ", "))")
        }
        return try load(checkout.appendingPathComponent(first))
    }

    public static func load(_ projectDirectory: URL) throws(GuestBuildError) -> XcodeProject {
        let file = projectDirectory.appendingPathComponent("project.pbxproj")
        guard let data = FileManager.default.contents(atPath: file.path) else {
            throw .project(file.path, "cannot be read")
        }
        let plist: Any
        do {
            plist = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw .project(file.path, "does not parse as a property list: \(error)")
        }
        guard let top = plist as? [String: Any], let objects = top["objects"] as? [String: [String: Any]],
            let rootID = top["rootObject"] as? String, let project = objects[rootID]
        else { throw .project(file.path, "has no objects or root object") }
        let reader = ObjectReader(objects: objects, file: file.path)
        let root = projectDirectory.deletingLastPathComponent()
        let groups = try reader.groupPaths(rootGroup: project["mainGroup"] as? String)
        let projectSettings = reader.debugSettings(
            project["buildConfigurationList"] as? String, groups: groups,
            root: projectDirectory.deletingLastPathComponent(),
            base: ["TARGET_NAME": "", "SRCROOT": projectDirectory.deletingLastPathComponent().path])
        var targets: [Target] = []
        for id in project["targets"] as? [String] ?? [] {
            guard let object = objects[id], object["isa"] as? String == "PBXNativeTarget" else { continue }
            let name = object["name"] as? String ?? id
            var base = projectSettings
            base["TARGET_NAME"] = name
            base["PRODUCT_NAME"] = base["PRODUCT_NAME"] ?? name
            let settings = reader.debugSettings(
                object["buildConfigurationList"] as? String, groups: groups,
                root: projectDirectory.deletingLastPathComponent(), base: base)
            let members = try reader.members(of: id, object, groups: groups, root: root)
            targets.append(
                Target(
                    name: name, productType: object["productType"] as? String ?? "", members: members,
                    settings: settings))
        }
        let name = projectDirectory.deletingPathExtension().lastPathComponent
        return XcodeProject(name: name, root: root, targets: targets)
    }
}

/// Walks the project's object graph.
private struct ObjectReader {
    let objects: [String: [String: Any]]
    let file: String

    /// The Debug configuration's settings over `base`: its `.xcconfig`
    /// (`baseConfigurationReference`) first, then its own; a setting with
    /// an sdk condition counts for the iOS device only; `$(inherited)` is
    /// the level below's value.
    func debugSettings(_ listID: String?, groups: [String: String], root: URL, base: [String: String])
        -> [String: String]
    {
        guard let listID, let list = objects[listID] else { return base }
        let configurations = (list["buildConfigurations"] as? [String] ?? []).compactMap { objects[$0] }
        let debug =
            configurations.first { $0["name"] as? String == "Debug" } ?? configurations.first
        var settings = base
        if let reference = debug?["baseConfigurationReference"] as? String, let path = groups[reference] {
            for (key, value) in BuildSettings.xcconfig(root.appendingPathComponent(path)) {
                settings[key] = value.replacingOccurrences(of: "$(inherited)", with: settings[key] ?? "")
            }
        }
        for (key, value) in debug?["buildSettings"] as? [String: Any] ?? [:] {
            var name = key
            if let bracket = key.firstIndex(of: "[") {
                guard key[bracket...].contains("sdk=iphoneos") else { continue }
                name = String(key[..<bracket])
            }
            let text: String
            if let string = value as? String {
                text = string
            } else if let array = value as? [String] {
                text = array.joined(separator: " ")
            } else {
                continue
            }
            settings[name] = text.replacingOccurrences(of: "$(inherited)", with: settings[name] ?? "")
        }
        return settings
    }

    /// Every group's and file reference's checkout-relative path, from the
    /// main group down (a synchronized group's `path` is relative to its parent).
    func groupPaths(rootGroup: String?) throws(GuestBuildError) -> [String: String] {
        var paths: [String: String] = [:]
        func visit(_ id: String, parent: String) {
            guard let object = objects[id] else { return }
            let sourceTree = object["sourceTree"] as? String ?? "<group>"
            var path = parent
            if let own = object["path"] as? String {
                path = sourceTree == "SOURCE_ROOT" ? own : (parent.isEmpty ? own : parent + "/" + own)
            }
            paths[id] = path
            for child in object["children"] as? [String] ?? [] { visit(child, parent: path) }
        }
        if let rootGroup { visit(rootGroup, parent: "") }
        return paths
    }

    func members(
        of targetID: String, _ target: [String: Any], groups: [String: String], root: URL
    ) throws(GuestBuildError) -> [String] {
        var files: Set<String> = []
        let listed = Set(target["fileSystemSynchronizedGroups"] as? [String] ?? [])
        // Folders this target lists: every source file but its exceptions.
        for groupID in listed {
            guard let folder = groups[groupID] ?? objects[groupID]?["path"] as? String else { continue }
            let excluded = exceptions(of: groupID, for: targetID)
            for file in Self.files(under: root.appendingPathComponent(folder)) {
                if !excluded.contains(file) { files.insert(folder + "/" + file) }
            }
        }
        // Folders it does not list but that share some of their files with it.
        for (groupID, object) in objects where object["isa"] as? String == "PBXFileSystemSynchronizedRootGroup" {
            guard !listed.contains(groupID), let folder = groups[groupID] ?? object["path"] as? String else {
                continue
            }
            for file in exceptions(of: groupID, for: targetID) {
                files.insert(folder + "/" + file)
            }
        }
        // Classic groups: the files of the Sources build phase.
        for phaseID in target["buildPhases"] as? [String] ?? [] {
            guard let phase = objects[phaseID], phase["isa"] as? String == "PBXSourcesBuildPhase" else { continue }
            for buildFileID in phase["files"] as? [String] ?? [] {
                guard let reference = objects[buildFileID]?["fileRef"] as? String, let path = groups[reference]
                else { continue }
                files.insert(path)
            }
        }
        return files.sorted()
    }

    /// The files an exception set on `groupID` names for `targetID`.
    func exceptions(of groupID: String, for targetID: String) -> Set<String> {
        guard let group = objects[groupID] else { return [] }
        var names: Set<String> = []
        for id in group["exceptions"] as? [String] ?? [] {
            guard let set = objects[id], set["isa"] as? String == "PBXFileSystemSynchronizedBuildFileExceptionSet",
                set["target"] as? String == targetID
            else { continue }
            names.formUnion(set["membershipExceptions"] as? [String] ?? [])
        }
        return names
    }

    /// The files under a folder, relative to it, sorted. A folder with a
    /// bundle extension (an asset catalog, `.icon`) is one resource.
    static func files(under folder: URL) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var files: [String] = []
        while let next = walker.nextObject() as? String {
            let path = folder.appendingPathComponent(next).path
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            if isDirectory.boolValue {
                if next.split(separator: "/").last?.contains(".") == true {
                    files.append(next)
                    walker.skipDescendants()
                }
                continue
            }
            if !(next as NSString).lastPathComponent.hasPrefix(".") { files.append(next) }
        }
        return files.sorted()
    }
}
