/// One event of the Chrome / Perfetto Trace Event Format: the JSON object
/// `{"name", "cat", "ph", "ts", "dur", "pid", "tid", "s", "id", "bp", "args"}`.
/// Only the phases the trace uses: complete slices (`X`), instants (`i`),
/// counters (`C`), flow starts and ends (`s`, `f`) and metadata (`M`).
struct ChromeTraceEvent: Encodable, Hashable, Sendable {
    enum Phase: String, Encodable, Sendable {
        case complete = "X"
        case instant = "i"
        case counter = "C"
        case flowStart = "s"
        case flowEnd = "f"
        case metadata = "M"
    }

    /// An argument value: Perfetto plots counters only from numbers.
    enum Value: Encodable, Hashable, Sendable {
        case text(String)
        case number(Int64)

        func encode(to encoder: Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .text(let text): try container.encode(text)
            case .number(let number): try container.encode(number)
            }
        }
    }

    var name: String
    var category: String?
    var phase: Phase
    /// µs since the run's start (`RunRecord.places`).
    var timestamp: Int64
    var duration: Int64?
    var pid: Int
    var tid: Int?
    /// Instants: `t`, the thread's track.
    var scope: String?
    /// Flows: the arrow's id, and `e` (bind to the enclosing slice) at its end.
    var id: Int?
    var bindingPoint: String?
    var args: [String: Value]?

    enum CodingKeys: String, CodingKey {
        case name, pid, tid, id, args
        case category = "cat"
        case phase = "ph"
        case timestamp = "ts"
        case duration = "dur"
        case scope = "s"
        case bindingPoint = "bp"
    }

    init(
        name: String, category: String? = nil, phase: Phase, timestamp: Int64, duration: Int64? = nil, pid: Int,
        tid: Int? = nil, scope: String? = nil, id: Int? = nil, bindingPoint: String? = nil, args: [String: Value]? = nil
    ) {
        self.name = name
        self.category = category
        self.phase = phase
        self.timestamp = timestamp
        self.duration = duration
        self.pid = pid
        self.tid = tid
        self.scope = scope
        self.id = id
        self.bindingPoint = bindingPoint
        self.args = args
    }
}
