import Foundation

/// A SwiftPM package's name and targets, read from its `Package.swift`
/// text. The manifest is never executed: running it would need
/// `PackageDescription` and would resolve its dependencies (network, a
/// `.build` in the guest's folder). The literal shape every package uses is
/// read instead: `Package(name:targets:)` with `.target`, `.testTarget`,
/// `.executableTarget` entries, their `name`, `path`, `exclude` and
/// `dependencies`. A manifest that builds its targets some other way (a
/// loop, a variable) is refused naming the line.
public struct SwiftPackageManifest: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case library = "target"
        case test = "testTarget"
        case executable = "executableTarget"
        /// `macro`, `plugin`, `binaryTarget`, `systemLibrary`: not built here.
        case other
    }

    public struct Target: Sendable, Equatable {
        public var name: String
        public var kind: Kind
        /// The target's folder, relative to the package.
        public var path: String
        /// Paths under `path` the target leaves out.
        public var exclude: [String]
        /// Targets of this package it depends on.
        public var dependencies: [String]
        /// Products of other packages it depends on (not built here).
        public var products: [String]
    }

    public var name: String
    public var targets: [Target]

    public func target(_ name: String) -> Target? { targets.first { $0.name == name } }

    /// A checkout is a package when it has a `Package.swift` and no Xcode
    /// project beside it (an app with both is built from its project).
    public static func isPackage(_ checkout: URL) -> Bool {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: checkout.path)) ?? []
        return names.contains("Package.swift") && !names.contains { $0.hasSuffix(".xcodeproj") }
    }

    public static func read(_ checkout: URL) throws(GuestBuildError) -> SwiftPackageManifest {
        let url = checkout.appendingPathComponent("Package.swift")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
            throw .notFound("\(url.path): no readable Package.swift")
        }
        return try parse(text, file: url.path)
    }

    static func parse(_ text: String, file: String) throws(GuestBuildError) -> SwiftPackageManifest {
        let reader = Reader(scanner: SwiftSourceScanner(text), file: file)
        guard
            let call = reader.scanner.occurrences(of: "Package").lazy.compactMap({ reader.arguments(after: $0) }).first
        else { throw .project(file, "no `Package(...)` call") }
        let labels = reader.labels(in: call)
        guard let name = labels["name"].flatMap(reader.string) else {
            throw .project(file, "line \(reader.line(call.lowerBound)): `Package(...)` has no literal `name:`")
        }
        guard let list = labels["targets"], let elements = reader.elements(of: list) else {
            throw .project(file, "line \(reader.line(call.lowerBound)): `Package(...)` has no literal `targets: [...]`")
        }
        var targets: [Target] = []
        for element in elements {
            targets.append(try reader.target(element))
        }
        // A plain name SwiftPM resolves to a target of the package, else to
        // a product of a dependency.
        let declared = Set(targets.map(\.name))
        for index in targets.indices {
            let names = targets[index].dependencies
            targets[index].dependencies = names.filter { declared.contains($0) }
            targets[index].products += names.filter { !declared.contains($0) }
        }
        return SwiftPackageManifest(name: name, targets: targets)
    }

    /// The Swift files of a target, relative to the package, sorted.
    public func sources(of target: Target, in checkout: URL) -> [String] {
        let root = checkout.appendingPathComponent(target.path)
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [] }
        var files: [String] = []
        while let relative = walker.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            if target.exclude.contains(where: { relative == $0 || relative.hasPrefix($0 + "/") }) { continue }
            files.append(target.path + "/" + relative)
        }
        return files.sorted()
    }

    /// `names` and every target they depend on, each after its
    /// dependencies (the order to compile them in).
    public func dependencyOrder(of names: [String]) -> [Target] {
        var ordered: [Target] = []
        var visiting: Set<String> = []
        func visit(_ name: String) {
            guard let target = target(name), !ordered.contains(target), visiting.insert(name).inserted else { return }
            for dependency in target.dependencies { visit(dependency) }
            ordered.append(target)
        }
        for name in names { visit(name) }
        return ordered
    }

    /// Reads literal Swift structure from the scanner's blanked code, and
    /// string values from the original text at the same offsets.
    struct Reader {
        let scanner: SwiftSourceScanner
        let file: String

        func line(_ offset: Int) -> Int { scanner.code[..<offset].filter { $0 == UInt8(ascii: "\n") }.count + 1 }

        /// The range inside the parentheses after the identifier at `start`.
        func arguments(after start: Int) -> Range<Int>? {
            var index = start
            while index < scanner.code.count, SwiftSourceScanner.isIdentifier(scanner.code[index]) { index += 1 }
            while index < scanner.code.count, SwiftSourceScanner.isBlank(scanner.code[index]) { index += 1 }
            guard index < scanner.code.count, scanner.code[index] == UInt8(ascii: "("),
                let close = scanner.matching(index)
            else { return nil }
            return (index + 1)..<close
        }

        /// The top-level comma-separated parts of `range`, trimmed.
        func parts(_ range: Range<Int>) -> [Range<Int>] {
            var parts: [Range<Int>] = []
            var depth = 0
            var start = range.lowerBound
            for index in range {
                switch scanner.code[index] {
                case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
                case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
                case UInt8(ascii: ",") where depth == 0:
                    parts.append(start..<index)
                    start = index + 1
                default: break
                }
            }
            parts.append(start..<range.upperBound)
            return parts.map(trim).filter { !$0.isEmpty }
        }

        func trim(_ range: Range<Int>) -> Range<Int> {
            var lower = range.lowerBound
            var upper = range.upperBound
            while lower < upper, SwiftSourceScanner.isBlank(scanner.code[lower]) { lower += 1 }
            while upper > lower, SwiftSourceScanner.isBlank(scanner.code[upper - 1]) { upper -= 1 }
            return lower..<upper
        }

        /// `label: value` arguments, by label.
        func labels(in range: Range<Int>) -> [String: Range<Int>] {
            var labels: [String: Range<Int>] = [:]
            for part in parts(range) {
                guard let (label, end) = scanner.identifier(after: part.lowerBound), end < part.upperBound else {
                    continue
                }
                let rest = trim(end..<part.upperBound)
                guard !rest.isEmpty, scanner.code[rest.lowerBound] == UInt8(ascii: ":") else { continue }
                labels[label] = trim((rest.lowerBound + 1)..<rest.upperBound)
            }
            return labels
        }

        /// The elements of an array literal.
        func elements(of range: Range<Int>) -> [Range<Int>]? {
            guard !range.isEmpty, scanner.code[range.lowerBound] == UInt8(ascii: "["),
                let close = scanner.matching(range.lowerBound), close == range.upperBound - 1
            else { return nil }
            return parts((range.lowerBound + 1)..<close)
        }

        /// A string literal's content.
        func string(_ range: Range<Int>) -> String? {
            guard range.count >= 2, scanner.original[range.lowerBound] == UInt8(ascii: "\""),
                scanner.original[range.upperBound - 1] == UInt8(ascii: "\"")
            else { return nil }
            return scanner.text((range.lowerBound + 1)..<(range.upperBound - 1))
        }

        func strings(_ range: Range<Int>?) throws(GuestBuildError) -> [String] {
            guard let range else { return [] }
            guard let elements = elements(of: range) else {
                throw .project(file, "line \(line(range.lowerBound)): expected a literal list of strings")
            }
            var values: [String] = []
            for element in elements {
                guard let value = string(element) else {
                    throw .project(file, "line \(line(element.lowerBound)): expected a string literal")
                }
                values.append(value)
            }
            return values
        }

        func target(_ element: Range<Int>) throws(GuestBuildError) -> Target {
            guard scanner.code[element.lowerBound] == UInt8(ascii: "."),
                let (factory, _) = scanner.identifier(after: element.lowerBound + 1),
                let arguments = arguments(after: element.lowerBound + 1)
            else {
                throw .project(
                    file, "line \(line(element.lowerBound)): a target that is not a literal `.target(...)` call")
            }
            let labels = labels(in: arguments)
            guard let name = labels["name"].flatMap(string) else {
                throw .project(file, "line \(line(element.lowerBound)): .\(factory) has no literal `name:`")
            }
            if labels["sources"] != nil {
                throw .project(
                    file, "line \(line(element.lowerBound)): target \(name): `sources:` is not read by the guest build")
            }
            let kind = Kind(rawValue: factory) ?? .other
            var dependencies: [String] = []
            var products: [String] = []
            if let list = labels["dependencies"] {
                guard let items = elements(of: list) else {
                    throw .project(file, "line \(line(list.lowerBound)): target \(name): dependencies are not a list")
                }
                for item in items {
                    if let plain = string(item) {
                        dependencies.append(plain)
                        continue
                    }
                    guard scanner.code[item.lowerBound] == UInt8(ascii: "."),
                        let (how, _) = scanner.identifier(after: item.lowerBound + 1),
                        let inner = self.arguments(after: item.lowerBound + 1),
                        let dependency = self.labels(in: inner)["name"].flatMap(string)
                    else {
                        throw .project(file, "line \(line(item.lowerBound)): target \(name): a dependency not read")
                    }
                    if how == "product" { products.append(dependency) } else { dependencies.append(dependency) }
                }
            }
            let defaultPath = (kind == .test ? "Tests/" : "Sources/") + name
            let path: String
            if let given = labels["path"] {
                guard let value = string(given) else {
                    throw .project(file, "line \(line(given.lowerBound)): target \(name): `path:` is not a literal")
                }
                path = value
            } else {
                path = defaultPath
            }
            return Target(
                name: name, kind: kind, path: path, exclude: try strings(labels["exclude"]),
                dependencies: dependencies, products: products)
        }
    }
}
