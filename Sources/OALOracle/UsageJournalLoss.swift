import Foundation
import OALScenario

/// What a usage journal's bytes say each rule used, read by the oracle on
/// its own (not with the ledger's code, which it judges): the header line
/// must name this format at version 1, and every later complete line that
/// is a JSON object with a rule id counts (`opens` summed, the largest
/// `minutesAtLeast` kept). Anything else holds nothing: a newer format is
/// unreadable to this app, a torn last line is not a line.
package enum UsageJournalLoss {
    package struct Totals: Equatable {
        var minutes: [String: Int] = [:]
        var opens: [String: Int] = [:]
    }

    static func totals(_ bytes: [UInt8]) -> Totals {
        var totals = Totals()
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        lines.removeLast()  // what follows the last newline: empty or torn
        guard let header = lines.first.flatMap(object), header["format"] as? String == "oal.usage-journal",
            header["formatVersion"] as? Int == 1
        else { return totals }
        for line in lines.dropFirst() {
            guard let entry = object(line), let rule = entry["rule"] as? String, UUID(uuidString: rule) != nil
            else { continue }
            if let opens = entry["opens"] as? Int, opens >= 0 { totals.opens[rule, default: 0] += opens }
            if let minutes = entry["minutesAtLeast"] as? Int, minutes >= 0 {
                totals.minutes[rule] = max(totals.minutes[rule] ?? 0, minutes)
            }
        }
        return totals
    }

    /// By rule, how much of `before` the damaged bytes `after` no longer hold.
    package static func lost(before: [UInt8], after: [UInt8]) -> Totals {
        let held = totals(before)
        let kept = totals(after)
        var lost = Totals()
        for (rule, minutes) in held.minutes where minutes > (kept.minutes[rule] ?? 0) {
            lost.minutes[rule] = minutes - (kept.minutes[rule] ?? 0)
        }
        for (rule, opens) in held.opens where opens > (kept.opens[rule] ?? 0) {
            lost.opens[rule] = opens - (kept.opens[rule] ?? 0)
        }
        return lost
    }

    private static func object(_ line: ArraySlice<UInt8>) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(line))) as? [String: Any]
    }
}
