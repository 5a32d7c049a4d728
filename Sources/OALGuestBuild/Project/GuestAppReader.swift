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
        if SwiftPackageManifest.isPackage(checkout), let spec = XcodeGenSpec.examples(in: checkout).first {
            return try fromPackageHost(checkout, spec: spec)
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
        var guest = GuestApp(
            name: project.name, checkout: root, processes: try ordered(processes, name: project.name), tests: tests,
            appGroups: appGroups(entitlementFiles, root: root),
            stringCatalogs: members.filter { $0.hasSuffix(".xcstrings") }.sorted()
                .filter { catalog in processes.contains { processOwns($0, catalog, project) } },
            membershipSource: "Xcode project \(project.name).xcodeproj")
        guest.linkHosts = linkHosts(app.setting("CODE_SIGN_ENTITLEMENTS"), root: root)
        return guest
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

    // MARK: A package's sample host app

    /// A SwiftPM package that habit apps embed, run as its sample host app
    /// (`Examples/NAME/project.yml`, XcodeGen): the app compiles its spec's
    /// source folders, and the package's library targets its products name
    /// are modules it links. Such a host has no Screen Time extension.
    static func fromPackageHost(_ checkout: URL, spec specURL: URL) throws(GuestBuildError) -> GuestApp {
        let manifest = try SwiftPackageManifest.read(checkout)
        let spec = try XcodeGenSpec.read(specURL)
        guard let target = spec.application else {
            throw .layout("\(specURL.path): no application target")
        }
        for product in target.packageProducts where manifest.target(product)?.kind != .library {
            throw .layout(
                "\(specURL.path): target \(target.name) links `\(product)`, which is not a library target of "
                    + "\(manifest.name) (a product is read as the library target of its name)")
        }
        let libraries = manifest.dependencyOrder(of: target.packageProducts)
        let specFolder = relative(spec.folder, to: checkout)
        let files = target.sources.flatMap { source in
            swiftFiles(in: checkout, folder: specFolder.isEmpty ? source : specFolder + "/" + source)
        }
        let moduleName = moduleName(target.name)
        let (sources, excluded) = compiled(
            files, root: checkout, testing: false, alsoAvailable: Set(libraries.map(\.name)))
        var settings = SwiftSettings(xcode: target.settings)
        settings.defaultIsolationMainActor = target.settings["SWIFT_DEFAULT_ACTOR_ISOLATION"] == "MainActor"
        let infoFolder = target.infoPath.map {
            spec.folder.appendingPathComponent($0).deletingLastPathComponent()
        }
        let app = GuestProcess(
            kind: .app, target: target.name, moduleName: moduleName, sources: sources, excluded: excluded,
            principalClass: nil, settings: settings,
            infoPlist: InfoDictionary.xml(
                InfoDictionary.fromFolder(infoFolder ?? spec.folder, moduleName: moduleName, target: target.name)))
        return GuestApp(
            name: target.name, checkout: checkout, processes: [app], tests: nil, appGroups: [],
            stringCatalogs: [], membershipSource: "XcodeGen spec \(relative(specURL, to: checkout))",
            package: GuestApp.PackageLink(
                manifest: manifest, libraries: libraries,
                noExtensions: "\(target.name) is \(manifest.name)'s host app: no Screen Time extension"))
    }

    static func relative(_ url: URL, to root: URL) -> String {
        let path = url.standardizedFileURL.path
        let base = root.standardizedFileURL.path
        return path.hasPrefix(base + "/") ? String(path.dropFirst(base.count + 1)) : path
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
            guard let data = contents(of: file, root: root),
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

    /// The universal-link hosts an entitlements file claims: each
    /// `applinks:HOST` of `com.apple.developer.associated-domains`, without
    /// a `?mode=` suffix (Apple's "Supporting associated domains").
    static func linkHosts(_ entitlementFile: String?, root: URL) -> [String] {
        guard let file = entitlementFile, let data = contents(of: file, root: root),
            let plist = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil)
                as? [String: Any]
        else { return [] }
        let domains = plist["com.apple.developer.associated-domains"] as? [String] ?? []
        return domains.compactMap { domain in
            guard domain.hasPrefix("applinks:") else { return nil }
            let host = domain.dropFirst("applinks:".count).split(separator: "?").first.map(String.init) ?? ""
            return host.isEmpty ? nil : host.lowercased()
        }
    }

    /// A project file's bytes, its path matched without case where it does
    /// not match exactly: Xcode projects are made on macOS's case-insensitive
    /// file system (Foqos's names `foqos/foqos.entitlements` for `Foqos/`).
    static func contents(of file: String, root: URL) -> Data? {
        if let data = FileManager.default.contents(atPath: root.appendingPathComponent(file).path) { return data }
        var directory = root
        for component in file.split(separator: "/").map(String.init) {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            guard let name = names.first(where: { $0.lowercased() == component.lowercased() }) else { return nil }
            directory = directory.appendingPathComponent(name)
        }
        return FileManager.default.contents(atPath: directory.path)
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
