import Foundation
import OALTestSupport
import Testing

/// The layering docs/ARCHITECTURE.md draws is what SwiftPM enforces only
/// when every import is a declared dependency: a target that imports a
/// module it does not declare builds today through another target's
/// dependency, and silently breaks the layers. So every `import` of a
/// package module in a target's sources matches a dependency declared in
/// Package.swift, and every declared dependency is imported somewhere.
@Suite struct PackageLayeringTests {
    struct Target {
        var name: String
        var directory: String
        var dependencies: Set<String>
    }

    /// The package's targets as SwiftPM reads Package.swift (`swift package
    /// dump-package`, in a scratch directory of its own so it never waits
    /// on the build's lock).
    static func targets() throws -> [Target] {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("oal-dump-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let ran = try ProcessRun.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "swift", "package", "--package-path", Repository.root.path, "--scratch-path", scratch.path,
                "dump-package",
            ])
        guard ran.status == 0 else { throw DumpFailed(stderr: ran.stderr) }
        let package = try JSONSerialization.jsonObject(with: Data(ran.stdout.utf8)) as? [String: Any] ?? [:]
        return (package["targets"] as? [[String: Any]] ?? []).map { target in
            let name = target["name"] as? String ?? ""
            let type = target["type"] as? String ?? ""
            let path = target["path"] as? String ?? ((type == "test" ? "Tests/" : "Sources/") + name)
            let dependencies = (target["dependencies"] as? [[String: Any]] ?? []).compactMap { dependency in
                (dependency["byName"] ?? dependency["target"]).flatMap { ($0 as? [Any])?.first as? String }
            }
            return Target(name: name, directory: path, dependencies: Set(dependencies))
        }
    }

    struct DumpFailed: Error { var stderr: String }

    /// The modules a target's sources import (`import X`, `@testable`,
    /// `@_exported`, `import struct X.Y`), with a file that imports each.
    static func imports(of target: Target) throws -> [String: String] {
        let directory = Repository.root.appendingPathComponent(target.directory)
        var found: [String: String] = [:]
        guard let files = FileManager.default.enumerator(atPath: directory.path) else { return [:] }
        for case let file as String in files where file.hasSuffix(".swift") {
            let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            // A file's own imports start at the first column; an indented
            // `import` is text (a guest's source inside a test's string).
            for line in text.split(separator: "\n") where line.first == "i" || line.first == "@" {
                var words = line.split(separator: " ").map(String.init)
                while let first = words.first, first.hasPrefix("@") { words.removeFirst() }
                guard words.first == "import", words.count >= 2 else { continue }
                let kinds: Set<String> = ["struct", "class", "enum", "protocol", "func", "var", "let", "typealias"]
                let module = kinds.contains(words[1]) && words.count >= 3 ? words[2] : words[1]
                let name = String(module.split(separator: ".")[0])
                if found[name] == nil { found[name] = "\(target.directory)/\(file)" }
            }
        }
        return found
    }

    @Test func everyImportIsADeclaredDependencyAndEveryDependencyIsImported() throws {
        let targets = try Self.targets()
        #expect(targets.count > 20, "dump-package listed \(targets.count) targets")
        let names = Set(targets.map(\.name))
        var undeclared: [String] = []
        var unused: [String] = []
        for target in targets {
            let imported = try Self.imports(of: target).filter { names.contains($0.key) && $0.key != target.name }
            for (module, file) in imported.sorted(by: { $0.key < $1.key })
            where !target.dependencies.contains(module) {
                undeclared.append("\(target.name) imports \(module) (\(file)) without declaring it")
            }
            for dependency in target.dependencies.sorted() where imported[dependency] == nil {
                unused.append("\(target.name) declares \(dependency) and imports it nowhere")
            }
        }
        #expect(undeclared.isEmpty, "\(undeclared.joined(separator: "\n"))")
        #expect(unused.isEmpty, "\(unused.joined(separator: "\n"))")
    }

    /// docs/ARCHITECTURE.md's tables say each target's dependencies; they
    /// say what Package.swift says, so the drawing of the layers stays true.
    @Test func theArchitectureTablesListEachTargetsDependencies() throws {
        let targets = try Self.targets()
        let declared = Dictionary(uniqueKeysWithValues: targets.map { ($0.name, $0.dependencies) })
        let text = try String(
            contentsOf: Repository.root.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
        var rows: [String: Set<String>] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| ") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            // `| # | target | depends on |` or `| target | depends on |`.
            for index in 1...2 where index + 1 < cells.count {
                let cell = cells[index]
                guard cell.hasPrefix("`"), cell.hasSuffix("`") else { continue }
                let name = String(cell.dropFirst().dropLast())
                guard declared[name] != nil else { continue }
                let listed = cells[index + 1].split(separator: "(")[0].split(
                    separator: "`", omittingEmptySubsequences: false
                ).enumerated()
                    .filter { $0.offset % 2 == 1 }.map { String($0.element) }
                rows[name] = Set(listed)
                break
            }
        }
        let missing = declared.keys.filter { rows[$0] == nil }.sorted()
        #expect(missing.isEmpty, "targets docs/ARCHITECTURE.md has no row for: \(missing)")
        let differing = rows.filter { declared[$0.key] != $0.value }.keys.sorted().map { name in
            "\(name): the doc says \(rows[name]!.sorted()), Package.swift \(declared[name]!.sorted())"
        }
        #expect(differing.isEmpty, "\(differing.joined(separator: "\n"))")
    }
}
