import Foundation
import OALDomain

/// What can still be read from a damaged usage journal: the sum of its
/// entry lines that parse on their own. Pure, over bytes.
enum JournalSalvage {
    /// Each rule's usage over the entry lines of `bytes` that parse (a
    /// valid rule id, no negative count, opens that still fit in an `Int`);
    /// the others, and an unterminated last line, are skipped. Nil when the
    /// first line is not exactly `header`: then no line is known to be this
    /// day's.
    static func totals(_ bytes: [UInt8], header: [UInt8]) -> [UUID: DailyUsage]? {
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        guard let first = lines.first, Array(first) + [0x0A] == header else { return nil }
        var totals: [UUID: DailyUsage] = [:]
        // The last element is what follows the final newline: empty, or a torn line.
        for line in lines.dropFirst().dropLast() {
            let parsed = Array(line).withUnsafeBufferPointer { JournalLine.parse($0) }
            guard let entry = parsed, entry.format == nil, entry.formatVersion == nil,
                let rule = entry.ruleIdentifier
            else { continue }
            let opens = entry.opens ?? 0
            let minutes = entry.minutesAtLeast ?? 0
            guard opens >= 0, minutes >= 0 else { continue }
            var usage = totals[rule] ?? .zero
            let (sum, overflows) = usage.opensUsed.addingReportingOverflow(opens)
            guard !overflows else { continue }
            usage.opensUsed = sum
            usage.minutesUsed = max(usage.minutesUsed, minutes)
            totals[rule] = usage
        }
        return totals.filter { $0.value != .zero }
    }
}
