import Foundation
import OALSystem

/// `oal-fuzz`: the fuzz targets of the parsers that read hostile input.
/// An ordinary build replays saved inputs (the corpus, as a regression
/// test); the build `scripts/fuzz` makes links libFuzzer and fuzzes.
@main
enum OALFuzz {
    static let usage = """
        usage: oal-fuzz replay TARGET FILE|DIR...   run saved inputs through TARGET
               oal-fuzz replay CORPUS              CORPUS/<target>/* for every target
               oal-fuzz fuzz TARGET [LIBFUZZER-OPTION|DIR...]
                                                   a libFuzzer campaign (scripts/fuzz's build only)
               oal-fuzz list                       the targets

        Targets: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))

        Exit codes: 0 every input passed, 1 an input broke an invariant,
        64 usage, 66 no such file, 69 libFuzzer not in this build.
        A crash ends the process by its signal; under libFuzzer it is saved
        as crash-<sha1> and the exit code is libFuzzer's (1).
        """

    enum Exit: Int32 {
        case passed = 0
        case broken = 1
        case usage = 64
        case notFound = 66
        case unavailable = 69
    }

    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard let command = arguments.first else { fail(.usage, "missing command (run oal-fuzz --help)") }
        switch command {
        case "--help", "-h", "help":
            print(usage)
            exit(Exit.passed.rawValue)
        case "list":
            for target in FuzzTarget.allCases { print("\(target.rawValue)\t\(target.summary)") }
            exit(Exit.passed.rawValue)
        case "replay":
            replay(Array(arguments.dropFirst()))
        case "fuzz":
            guard arguments.count >= 2 else { fail(.usage, "fuzz: missing TARGET") }
            guard let target = FuzzTarget(rawValue: arguments[1]) else {
                fail(.usage, "fuzz: unknown target '\(arguments[1])'")
            }
            guard LibFuzzer.available else {
                fail(.unavailable, "fuzz: this build has no libFuzzer; scripts/fuzz builds the one that does")
            }
            LibFuzzer.run(target, options: Array(arguments.dropFirst(2)))
        default:
            fail(.usage, "unknown command '\(command)' (run oal-fuzz --help)")
        }
    }

    private static func replay(_ arguments: [String]) -> Never {
        guard let first = arguments.first else { fail(.usage, "replay: missing TARGET or CORPUS") }
        var work: [(FuzzTarget, String)] = []
        if let target = FuzzTarget(rawValue: first) {
            guard arguments.count >= 2 else { fail(.usage, "replay \(first): missing FILE or DIR") }
            for path in arguments.dropFirst() { work += inputs(path).map { (target, $0) } }
        } else {
            guard arguments.count == 1 else {
                fail(
                    .usage,
                    "replay: '\(first)' is no target (\(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            for target in FuzzTarget.allCases {
                let directory = (first as NSString).appendingPathComponent(target.rawValue)
                guard FileManager.default.fileExists(atPath: directory) else {
                    fail(.notFound, "replay: \(directory): no such directory (a corpus has one per target)")
                }
                work += inputs(directory).map { (target, $0) }
            }
        }
        var counts: [FuzzTarget: Int] = [:]
        for (target, path) in work {
            guard let data = FileManager.default.contents(atPath: path) else { fail(.notFound, "\(path): cannot read") }
            do {
                try Array(data).withUnsafeBufferPointer { (buffer) throws(InvariantBroken) in try target.run(buffer) }
            } catch {
                fail(.broken, "\(path): \(target.rawValue): invariant broken: \(error)")
            }
            counts[target, default: 0] += 1
        }
        let summary = FuzzTarget.allCases.compactMap { target in counts[target].map { "\(target.rawValue) \($0)" } }
        print("oal-fuzz: \(work.count) inputs passed (\(summary.joined(separator: ", ")))")
        exit(Exit.passed.rawValue)
    }

    /// A file, or the files of a directory (not its subdirectories), in name order.
    private static func inputs(_ path: String) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            fail(.notFound, "\(path): no such file or directory")
        }
        guard isDirectory.boolValue else { return [path] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.sorted().filter { !$0.hasPrefix(".") }.map { (path as NSString).appendingPathComponent($0) }
            .filter { FileManager.default.fileExists(atPath: $0, isDirectory: &isDirectory) && !isDirectory.boolValue }
    }

    private static func fail(_ code: Exit, _ message: String) -> Never {
        StandardStream.error.write("oal-fuzz: \(message)\n")
        exit(code.rawValue)
    }
}
