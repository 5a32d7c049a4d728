/// Puts intervals on lanes so that no two on one lane overlap: each goes
/// on the first lane free at its start (interval partitioning, which
/// uses as few lanes as the most intervals open at once).
///
/// Why: Perfetto draws the slices of one thread as a stack and shows
/// overlapping slices that do not nest wrongly, so two launches of one
/// kind that ran at once (a preempted refresh and the tap it let in,
/// concurrent presses) each need a thread (`tid`) of their own.
enum LaneAssigner {
    /// `intervals` are closed `[start, end]`; returns each one's lane (0...).
    static func assign(_ intervals: [(start: Int64, end: Int64)]) -> [Int] {
        var lanes = [Int](repeating: 0, count: intervals.count)
        var laneEnds: [Int64] = []
        let order = intervals.indices.sorted { (intervals[$0].start, $0) < (intervals[$1].start, $1) }
        for index in order {
            let interval = intervals[index]
            if let free = laneEnds.firstIndex(where: { $0 < interval.start }) {
                lanes[index] = free
                laneEnds[free] = interval.end
            } else {
                lanes[index] = laneEnds.count
                laneEnds.append(interval.end)
            }
        }
        return lanes
    }
}
