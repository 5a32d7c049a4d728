import OALPlatform
import OALProcesses
import OALSystem

let usage = """
    usage: oal-monitor --root DIR CALLBACK ACTIVITY [EVENT]

    Handles one DeviceActivityMonitor callback and exits, as iOS runs the
    extension. CALLBACK is one of \(CallbackKind.allCases.map(\.rawValue).joined(separator: ", ")).
    EVENT is given exactly for eventDidReachThreshold and
    eventWillReachThresholdWarning. Unknown activity names are traced and
    ignored (exit 0).

    Exit codes: 0 done, 64 usage, 65 a store did not parse or is of a newer
    format, 69 no device root or clock, 70 internal, 74 I/O (docs/PROCESSES.md).
    """

ProcessMain.run(tool: "oal-monitor", kind: .monitor, usage: usage, spec: ArgumentSpec()) { context, args in
    let name = try args.positional(0, "CALLBACK")
    guard let callback = CallbackKind(rawValue: name) else {
        throw ProcessFailure.usage("unknown callback '\(name)'")
    }
    let activity = try args.positional(1, "ACTIVITY")
    var event: String?
    if callback.carriesEvent {
        event = try args.positional(2, "EVENT (\(callback.rawValue) names an event)")
        try args.expectAtMost(3)
    } else {
        try args.expectAtMost(2)
    }
    try MonitorReaction(context: context).handle(callback, activity: activity, event: event)
    return .done
}
