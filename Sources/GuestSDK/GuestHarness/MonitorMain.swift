import DeviceActivity
import OALProcesses
import OALSystem

import enum OALPlatform.CallbackKind

/// `guest-monitor`: the same command line as `oal-monitor`, calling the
/// guest's `DeviceActivityMonitor` subclass (docs/PROCESSES.md).
public enum MonitorMain {
    public static func run(_ info: GuestBuildInfo, makeMonitor: () -> DeviceActivityMonitor) -> Never {
        let usage = """
            usage: guest-monitor --root DIR CALLBACK ACTIVITY [EVENT]

            The guest's DeviceActivityMonitor extension: handles one callback and
            exits, as iOS runs the extension (the command line of oal-monitor).
            """
        var principal: DeviceActivityMonitor?
        ProcessMain.run(tool: "guest-monitor", kind: .monitor, usage: usage, spec: ArgumentSpec()) { context, args in
            let name = try args.positional(0, "CALLBACK")
            guard let callback = CallbackKind(rawValue: name) else {
                throw ProcessFailure.usage("unknown callback '\(name)'")
            }
            let activity = DeviceActivityName(try args.positional(1, "ACTIVITY"))
            var event: DeviceActivityEvent.Name?
            if callback.carriesEvent {
                event = DeviceActivityEvent.Name(try args.positional(2, "EVENT (\(callback.rawValue) names an event)"))
                try args.expectAtMost(3)
            } else {
                try args.expectAtMost(2)
            }
            info.install(context)
            _ = try context.now()
            var fields = ["callback": callback.rawValue, "activity": activity.rawValue]
            if let event { fields["event"] = event.rawValue }
            context.record("callback", fields)
            // One principal object per process, as iOS keeps the extension's:
            // a warm process (`--serve`) hands it every callback it serves.
            let monitor = principal ?? makeMonitor()
            principal = monitor
            switch callback {
            case .intervalDidStart: monitor.intervalDidStart(for: activity)
            case .intervalDidEnd: monitor.intervalDidEnd(for: activity)
            case .intervalWillStartWarning: monitor.intervalWillStartWarning(for: activity)
            case .intervalWillEndWarning: monitor.intervalWillEndWarning(for: activity)
            case .eventDidReachThreshold:
                if let event { monitor.eventDidReachThreshold(event, activity: activity) }
            case .eventWillReachThresholdWarning:
                if let event { monitor.eventWillReachThresholdWarning(event, activity: activity) }
            }
            return .done
        }
    }
}
