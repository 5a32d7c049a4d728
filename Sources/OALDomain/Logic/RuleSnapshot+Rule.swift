import Foundation

extension RuleSnapshot {
    /// The wire mirror of `rule`, carrying `selection` (the rule's resolved
    /// list; nil when it has none) as `AppSelection.encoded()` bytes.
    ///
    /// Fields a kind does not use are written as neutral fillers (0 minutes
    /// and budgets, "block", no adult-content flag) so that two snapshots of
    /// the same rule are byte-for-byte equal.
    public init(rule: Rule, selection: AppSelection?) {
        var start = 0
        var end = 0
        var limit = 0
        var opens = 0
        var mode = SelectionMode.block
        var adult: Bool?
        switch rule.configuration {
        case .schedule(let config):
            start = config.startMinutes
            end = config.endMinutes
            mode = config.selectionMode
            adult = config.blockAdultContent
        case .timeLimit(let config):
            limit = config.dailyLimitMinutes
        case .openLimit(let config):
            opens = config.maxOpens
        }
        self.init(
            id: rule.id, name: rule.name, kindRaw: rule.kind.rawValue, isEnabled: rule.isEnabled,
            hardMode: rule.hardMode, selectionModeRaw: mode.rawValue, selectionData: selection?.encoded(),
            dayNumbers: rule.days.dayNumbers, startMinutes: start, endMinutes: end,
            dailyLimitMinutes: limit, maxOpens: opens, pausedUntil: rule.pausedUntil,
            blockAdultContent: adult)
    }

    /// Strict read of the snapshot into the rule it mirrors and that rule's
    /// selection (nil: no apps).
    ///
    /// Rejected, naming the field and this rule's id: an unknown `kindRaw`
    /// or `selectionModeRaw`; window minutes outside 0..<1440 (schedule
    /// rules); a budget below 1 (limit rules); a day number outside 1...7;
    /// `selectionData` that is not an encoded selection; and the illegal
    /// combinations the sum type forbids (Allow Only or the adult-content
    /// filter on a limit rule). Fields a kind does not use are otherwise
    /// not inspected.
    ///
    /// The wire carries neither the creation date nor the list id, so the
    /// rule gets `createdAt` from the caller and `appListID` nil; the
    /// returned selection is what the rule blocks.
    public func decoded(
        createdAt: Date = .distantPast
    ) throws(RuleValidationError) -> (rule: Rule, selection: AppSelection?) {
        do {
            return try decodedUnattributed(createdAt: createdAt)
        } catch {
            throw error.inRule(id)
        }
    }

    private func decodedUnattributed(
        createdAt: Date
    ) throws(RuleValidationError) -> (rule: Rule, selection: AppSelection?) {
        guard let kind = RuleKind(rawValue: kindRaw) else {
            throw RuleValidationError(
                field: "kindRaw", problem: "unknown kind \"\(kindRaw)\" (expected schedule, timeLimit or openLimit)")
        }
        guard let mode = SelectionMode(rawValue: selectionModeRaw) else {
            throw RuleValidationError(
                field: "selectionModeRaw",
                problem: "unknown selection mode \"\(selectionModeRaw)\" (expected block or allowOnly)")
        }
        let days = try DaySet(dayNumbers: dayNumbers)
        var selection: AppSelection?
        if let selectionData {
            guard let decoded = try? AppSelection(decoding: selectionData) else {
                throw RuleValidationError(field: "selectionData", problem: "not an encoded app selection")
            }
            selection = decoded
        }
        if kind.isLimit {
            guard mode == .block else {
                throw RuleValidationError(field: "selectionModeRaw", problem: "allowOnly is for schedule rules only")
            }
            guard blockAdultContent != true else {
                throw RuleValidationError(
                    field: "blockAdultContent", problem: "the adult-content filter is for schedule rules only")
            }
        }
        let configuration: RuleConfiguration
        switch kind {
        case .schedule:
            configuration = .schedule(
                try ScheduleConfig(
                    startMinutes: startMinutes, endMinutes: endMinutes, selectionMode: mode,
                    blockAdultContent: blockAdultContent ?? false))
        case .timeLimit:
            configuration = .timeLimit(try TimeLimitConfig(dailyLimitMinutes: dailyLimitMinutes))
        case .openLimit:
            configuration = .openLimit(try OpenLimitConfig(maxOpens: maxOpens))
        }
        let rule = Rule(
            id: id, name: name, isEnabled: isEnabled, hardMode: hardMode, appListID: nil, days: days,
            pausedUntil: pausedUntil, createdAt: createdAt, configuration: configuration)
        return (rule, selection)
    }
}
