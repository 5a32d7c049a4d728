import Foundation
import OALSystem

/// The mutation sites the unmutated copy reached (docs/GUEST.md, "Mutation
/// score"). Every process of a run given `OAL_MUTANT_COVERAGE=DIR` appends
/// each site it evaluates, once, to `DIR/<pid>.sites`, one number a line
/// (GuestRuntime's `MutantCoverageLog`); what they reached is the union of
/// the files. A site none reached is `not covered`.
public enum MutantCoverage {
    public struct ReadError: Error, CustomStringConvertible {
        public var description: String
    }

    /// The sites one file names; a line that is not a site's number (each
    /// is one `write(2)` of `N\n`, so none is torn) is named.
    public static func parse(_ text: String, path: String) throws(ReadError) -> Set<Int> {
        var sites = Set<Int>()
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            let last = index == lines.count - 1
            if last, line.isEmpty { break }
            guard !last else {
                throw ReadError(description: "\(path):\(index + 1): '\(line.prefix(40))' ends without a newline")
            }
            guard let id = Int(line), id > 0 else {
                throw ReadError(
                    description: "\(path):\(index + 1): '\(line.prefix(40))' is not a reached site's number")
            }
            sites.insert(id)
        }
        return sites
    }

    /// The union of every `*.sites` file in `directory`, which must exist.
    public static func read(_ directory: URL) throws(ReadError) -> Set<Int> {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        } catch {
            throw ReadError(description: "\(directory.path): the reached sites cannot be read: \(error)")
        }
        var sites = Set<Int>()
        for name in names.sorted() where name.hasSuffix("." + MutantVariable.coverageFileExtension) {
            let file = directory.appendingPathComponent(name)
            guard let text = try? String(contentsOf: file, encoding: .utf8) else {
                throw ReadError(description: "\(file.path): the reached sites cannot be read")
            }
            sites.formUnion(try parse(text, path: file.path))
        }
        return sites
    }
}
