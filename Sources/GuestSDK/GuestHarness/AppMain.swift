import Foundation
import OALProcesses

/// `guest-app`: every `oal-app` command line (every tap, `refresh`, the
/// screens, and the foreground loop `run` with its hand-shake,
/// docs/PROCESSES.md), performed by the guest app's own code through its
/// adapter (`GuestAppCommand`).
public enum AppMain {
    public static func run(_ info: GuestBuildInfo, makeAdapter: () -> GuestAppAdapter) -> Never {
        ProcessMain.run(tool: "guest-app", kind: .app, usage: AppCommand.usage, spec: AppCommand.spec) {
            context, args in
            info.install(context)
            return try GuestAppCommand.run(try GuestAppSession(context: context, adapter: makeAdapter()), args)
        }
    }
}
