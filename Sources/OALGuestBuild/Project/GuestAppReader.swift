import Foundation

/// Reads a checkout as a `GuestApp`, from nothing but the checkout.
///
/// - With an Xcode project: the app is its iOS application target, each
///   extension the app-extension target whose Info.plist names the
///   DeviceActivity monitor, shield configuration or shield action
///   extension point, the tests its unit-test bundle; each compiles its
///   target's members.
/// - Without one (a snapshot with the project left out), folder
///   conventions: a top-level folder whose `Info.plist` names one of those
///   extension points is that extension, a folder named `Shared` is
///   compiled into every process, a folder whose files import `Testing` or
///   `XCTest` holds tests, and the one remaining folder with Swift files is
///   the app, whose folder names it.
///
/// Either way a file that imports a framework with no stand-in here
/// (SwiftUI, Combine, ...) is left out, with that reason.
public enum GuestAppReader {
    public static func read(_ checkout: URL) throws(GuestBuildError) -> GuestApp {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: checkout.path, isDirectory: &isDirectory), isDirectory.boolValue
        else { throw .notFound("\(checkout.path): no such checkout") }
        if let project = try XcodeProject.find(in: checkout) {
            return try fromProject(project)
        }
        return try fromFolders(checkout)
    }

    // MARK: From the Xcode project

    static func fromProject(_ project: XcodeProject) throws(GuestBuildError) -> GuestApp {
        let root = project.root
        let apps = project.targets.filter(\.isApplication)
        let iOSApps = apps.filter { ($0.settings["SDKROOT"] ?? "iphoneos") == "iphoneos" }
        guard
            let app = iOSApps.first(where: { $0.name.lowercased() == project.name.lowercased() }) ?? iOSApps.first
                ?? apps.first
        else { throw .layout("\(project.name).xcodeproj: no application target") }
        var processes = [try process(.app, target: app, root: root, principalClass: nil)]
        for target in project.targets where target.isAppExtension {
            guard let plist = infoPlist(of: target, root: root),
                let kind = GuestProcess.Kind.forExtensionPoint(plist.extensionPoint ?? "")
            else { continue }
            guard !processes.contains(where: { $0.kind == kind }) else {
                throw .layout(
                    "\(project.name).xcodeproj: two \(kind.rawValue) extensions (\(target.name) is the second)")
            }
            let principal = kind == .report ? mainType(in: target.sources, root: root) : plist.principalClass
            processes.append(try process(kind, target: target, root: root, principalClass: principal))
        }
        let testTarget =
            project.targets.first { $0.isUnitTestBundle && testHost($0) == app.name }
            ?? project.targets.first(where: \.isUnitTestBundle)
        let tests = testTarget.map { target in
            let (sources, excluded) = compiled(
                target.sources, root: root, testing: true, alsoAvailable: [app.moduleName])
            return GuestTestTarget(
                target: target.name, sources: sources, excluded: excluded,
                settings: SwiftSettings(xcode: target.settings))
        }
        let members = Set(project.targets.flatMap(\.members))
        let entitlementFiles = ([app] + project.targets.filter(\.isAppExtension)).compactMap {
            $0.setting("CODE_SIGN_ENTITLEMENTS")
        }
        return GuestApp(
            name: project.name, checkout: root, processes: try ordered(processes, name: project.name), tests: tests,
            appGroups: appGroups(entitlementFiles, root: root),
            stringCatalogs: members.filter { $0.hasSuffix(".xcstrings") }.sorted()
                .filter { catalog in processes.contains { processOwns($0, catalog, project) } },
            membershipSource: "Xcode project \(project.name).xcodeproj")
    }

    static func processOwns(_ process: GuestProcess, _ file: String, _ project: XcodeProject) -> Bool {
        project.target(named: process.target)?.members.contains(file) ?? false
    }

    /// The app target a test bundle's `TEST_HOST` names.
    static func testHost(_ target: XcodeProject.Target) -> String? {
        guard let host = target.settings["TEST_HOST"], let range = host.range(of: ".app/") else { return nil }
        return host[..<range.lowerBound].split(separator: "/").last.map(String.init)
    }

    static func process(
        _ kind: GuestProcess.Kind, target: XcodeProject.Target, root: URL, principalClass: String?
    ) throws(GuestBuildError) -> GuestProcess {
        let (sources, excluded) = compiled(
            target.sources, root: root, testing: false, principalClass: principalClass, keepsViews: kind == .report)
        return GuestProcess(
            kind: kind, target: target.name, moduleName: target.moduleName, sources: sources, excluded: excluded,
            principalClass: principalClass, settings: SwiftSettings(xcode: target.settings),
            infoPlist: InfoDictionary.xml(target.infoDictionary(root: root)), views: views(in: sources, root: root))
    }

    static func infoPlist(of target: XcodeProject.Target, root: URL) -> InfoPlist? {
        let candidates =
            [target.setting("INFOPLIST_FILE")].compactMap { $0 }
            + target.members.filter { $0.hasSuffix("Info.plist") }
            + ["\(target.name)/Info.plist"]
        for path in candidates {
            if let plist = InfoPlist(url: root.appendingPathComponent(path)) { return plist }
        }
        return nil
    }

    // MARK: From folder conventions

    static func fromFolders(_ checkout: URL) throws(GuestBuildError) -> GuestApp {
        let folders = ((try? FileManager.default.contentsOfDirectory(atPath: checkout.path)) ?? []).sorted()
            .filter { !$0.hasPrefix(".") && isDirectory(checkout.appendingPathComponent($0)) }
        let shared = folders.filter { $0.lowercased() == "shared" }
        var extensions: [(GuestProcess.Kind, String, String?)] = []
        var tests: [String] = []
        var appCandidates: [String] = []
        for folder in folders where !shared.contains(folder) {
            let files = swiftFiles(in: checkout, folder: folder)
            if let plist = InfoPlist(url: checkout.appendingPathComponent(folder).appendingPathComponent("Info.plist")),
                let point = plist.extensionPoint
            {
                if let kind = GuestProcess.Kind.forExtensionPoint(point) {
                    let principal = kind == .report ? mainType(in: files, root: checkout) : plist.principalClass
                    extensions.append((kind, folder, principal))
                }
                continue
            }
            guard !files.isEmpty else { continue }
            let testFiles = files.filter { file in
                let text = (try? String(contentsOf: checkout.appendingPathComponent(file), encoding: .utf8)) ?? ""
                return SwiftImports.modules(in: text).contains { SwiftImports.testing.contains($0) }
            }
            if testFiles.count * 2 > files.count {
                tests.append(folder)
            } else {
                appCandidates.append(folder)
            }
        }
        guard appCandidates.count == 1, let appFolder = appCandidates.first else {
            throw .layout(
                "\(checkout.path): no Xcode project, and the folders do not say which one is the app "
                    + "(candidates: \(appCandidates.isEmpty ? "none" : appCandidates.joined(separator: ", ")))")
        }
        let sharedFiles = shared.flatMap { swiftFiles(in: checkout, folder: $0) }
        func make(_ kind: GuestProcess.Kind, _ folder: String, _ principal: String?) -> GuestProcess {
            let (sources, excluded) = compiled(
                sharedFiles + swiftFiles(in: checkout, folder: folder), root: checkout, testing: false,
                principalClass: principal, keepsViews: kind == .report)
            return GuestProcess(
                kind: kind, target: folder, moduleName: moduleName(folder), sources: sources, excluded: excluded,
                principalClass: principal, settings: conventionSettings(kind),
                infoPlist: InfoDictionary.xml(
                    InfoDictionary.fromFolder(
                        checkout.appendingPathComponent(folder), moduleName: moduleName(folder), target: folder)),
                views: views(in: sources, root: checkout))
        }
        var processes = [make(.app, appFolder, nil)]
        for (kind, folder, principal) in extensions {
            guard !processes.contains(where: { $0.kind == kind }) else {
                throw .layout("\(checkout.path): two \(kind.rawValue) extensions (\(folder) is the second)")
            }
            processes.append(make(kind, folder, principal))
        }
        let testTarget = tests.first.map { folder in
            let (sources, excluded) = compiled(
                swiftFiles(in: checkout, folder: folder), root: checkout, testing: true,
                alsoAvailable: [moduleName(appFolder)])
            return GuestTestTarget(target: folder, sources: sources, excluded: excluded, settings: SwiftSettings())
        }
        let entitlements = folders.flatMap { folder in
            allFiles(in: checkout, folder: folder).filter { $0.hasSuffix(".entitlements") }
        }
        let catalogs = (shared + [appFolder] + extensions.map(\.1)).flatMap { folder in
            allFiles(in: checkout, folder: folder).filter { $0.hasSuffix(".xcstrings") }
        }
        // The app's own entitlements first: its first group is the one SwiftData uses.
        let appFirst =
            entitlements.filter { $0.hasPrefix(appFolder + "/") }
            + entitlements.filter {
                !$0.hasPrefix(appFolder + "/")
            }
        // Named after its app folder, as Xcode names the project after the
        // app: whatever the checkout's own folder is called.
        let name = appFolder
        return GuestApp(
            name: name, checkout: checkout, processes: try ordered(processes, name: name), tests: testTarget,
            appGroups: appGroups(appFirst, root: checkout), stringCatalogs: Array(Set(catalogs)).sorted(),
            membershipSource: "folder conventions")
    }

    /// Xcode's defaults for a project that did not say: Swift 5, and the
    /// app on the main actor (the default of Xcode 26 app templates).
    static func conventionSettings(_ kind: GuestProcess.Kind) -> SwiftSettings {
        var settings = SwiftSettings()
        settings.defaultIsolationMainActor = kind == .app
        return settings
    }

    static func moduleName(_ folder: String) -> String {
        String(folder.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
    }

    // MARK: Shared

    /// Splits a target's sources into compiled and left out. The file
    /// declaring an extension's principal class is always compiled: left
    /// out, the extension would not exist, so an import with no stand-in
    /// there is the compiler's error, naming the module.
    ///
    /// A report extension keeps its SwiftUI views: its scene's `content`
    /// names them, so they are compiled against the SwiftUI stand-in (never
    /// drawn), and one that uses more than the stand-in has is left out
    /// after a failed compile, as any file (`CascadeExclusion`).
    static func compiled(
        _ files: [String], root: URL, testing: Bool, alsoAvailable: Set<String> = [], principalClass: String? = nil,
        keepsViews: Bool = false
    ) -> ([String], [Exclusion]) {
        var compiled: [String] = []
        var excluded: [Exclusion] = []
        for file in files {
            guard let text = try? String(contentsOf: root.appendingPathComponent(file), encoding: .utf8) else {
                excluded.append(Exclusion(file: file, reason: "cannot be read as UTF-8"))
                continue
            }
            if let principalClass, SwiftSourceScanner(text).declaresType(principalClass) {
                compiled.append(file)
            } else if let module = SwiftImports.unsupportedImport(in: text, testing: testing, also: alsoAvailable) {
                excluded.append(Exclusion(file: file, reason: "imports \(module)"))
            } else if !keepsViews, SwiftImports.modules(in: text).contains("SwiftUI"), SwiftImports.isSwiftUIView(text)
            {
                excluded.append(Exclusion(file: file, reason: swiftUIViewReason))
            } else {
                compiled.append(file)
            }
        }
        return (compiled, excluded)
    }

    /// Why a view is left out of a process (a unit-test build may still
    /// compile one the tests reach, if the stand-ins take it).
    /// The compiled files that are SwiftUI views (only a report extension
    /// compiles any).
    static func views(in files: [String], root: URL) -> [String] {
        files.filter { file in
            guard let text = try? String(contentsOf: root.appendingPathComponent(file), encoding: .utf8) else {
                return false
            }
            return SwiftImports.modules(in: text).contains("SwiftUI") && SwiftImports.isSwiftUIView(text)
        }
    }

    /// The type an ExtensionKit extension's sources mark `@main` (its entry
    /// point: such an Info.plist names no principal class).
    static func mainType(in files: [String], root: URL) -> String? {
        for file in files {
            guard let text = try? String(contentsOf: root.appendingPathComponent(file), encoding: .utf8),
                let name = SwiftSourceScanner(text).mainType()
            else { continue }
            return name
        }
        return nil
    }

    static let swiftUIViewReason = "a SwiftUI view (the emulated device has no screen)"

    static func ordered(_ processes: [GuestProcess], name: String) throws(GuestBuildError) -> [GuestProcess] {
        var result: [GuestProcess] = []
        for kind in GuestProcess.Kind.allCases {
            guard let process = processes.first(where: { $0.kind == kind }) else {
                if !kind.isRequired { continue }
                throw .layout("\(name): no \(kind.rawValue) process (its target or folder was not found)")
            }
            result.append(process)
        }
        return result
    }

    static func appGroups(_ entitlementFiles: [String], root: URL) -> [String] {
        var groups: [String] = []
        for file in entitlementFiles {
            guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(file).path),
                let plist = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil)
                    as? [String: Any]
            else { continue }
            for group in plist["com.apple.security.application-groups"] as? [String] ?? [] where !groups.contains(group)
            {
                groups.append(group)
            }
        }
        return groups
    }

    static func isDirectory(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    static func allFiles(in root: URL, folder: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path) else {
            return []
        }
        var files: [String] = []
        while let next = walker.nextObject() as? String { files.append(folder + "/" + next) }
        return files.sorted()
    }

    static func swiftFiles(in root: URL, folder: String) -> [String] {
        allFiles(in: root, folder: folder).filter { $0.hasSuffix(".swift") }
    }
}

/// The two keys of an extension's Info.plist the device needs.
struct InfoPlist {
    var extensionPoint: String?
    /// `NSExtensionPrincipalClass`, without Xcode's `$(PRODUCT_MODULE_NAME).` prefix.
    var principalClass: String?

    init?(url: URL) {
        guard let data = FileManager.default.contents(atPath: url.path),
            let plist = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil)
                as? [String: Any]
        else { return nil }
        let extensionInfo = plist["NSExtension"] as? [String: Any]
        // An ExtensionKit extension (a DeviceActivityReport extension) says
        // its point under `EXAppExtensionAttributes` instead.
        let extensionKit = plist["EXAppExtensionAttributes"] as? [String: Any]
        extensionPoint =
            extensionInfo?["NSExtensionPointIdentifier"] as? String
            ?? extensionKit?["EXExtensionPointIdentifier"] as? String
        principalClass = (extensionInfo?["NSExtensionPrincipalClass"] as? String).map {
            String($0.split(separator: ".").last ?? Substring($0))
        }
    }
}
