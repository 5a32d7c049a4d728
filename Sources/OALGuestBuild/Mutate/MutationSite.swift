import Foundation

/// One generic source mutation of the app's enforcement code
/// (docs/GUEST.md, "Mutation score"): where it is, what it does, and its
/// number in the schema (`__oalMutant(N)`), chosen at run time by
/// `OAL_MUTANT=guest-N`.
public struct MutationSite: Codable, Hashable, Sendable {
    public enum Operator: String, Codable, CaseIterable, Sendable {
        /// `if C` / `guard C` / `while C` → `!(C)`.
        case negateCondition = "negate-condition"
        /// `<` ↔ `<=`, `>` ↔ `>=`.
        case swapRelational = "swap-relational"
        /// An integer literal K → K + 1.
        case changeConstant = "change-constant"
        /// A statement on a line of its own → nothing.
        case deleteStatement = "delete-statement"
        /// A function returning nothing returns at once.
        case returnEarly = "return-early"
    }

    public var id: Int
    /// The file, relative to the checkout.
    public var file: String
    public var line: Int
    public var op: Operator
    /// The code it changes, and to what.
    public var original: String
    public var mutated: String
    /// Which of the line's sites with this operator and original text it
    /// is, from 1 (`24 * 60` twice on one line are two sites).
    public var occurrence: Int

    public init(
        id: Int, file: String, line: Int, op: Operator, original: String, mutated: String, occurrence: Int = 1
    ) {
        self.id = id
        self.file = file
        self.line = line
        self.op = op
        self.original = original
        self.mutated = mutated
        self.occurrence = occurrence
    }

    /// Stable across runs of one checkout: what `mutants-equivalent` names.
    /// A second site of the same text on its line ends in `#2`.
    public var key: String {
        "\(file):\(line):\(op.rawValue):\(original)" + (occurrence > 1 ? "#\(occurrence)" : "")
    }

    /// The environment value that turns it on.
    public var variable: String { "guest-\(id)" }
}
