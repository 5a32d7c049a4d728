import Foundation
import OALShared

/// `guest-app`: the command lines of `oal-app` (every tap, `refresh`, and
/// the foreground loop `run` with its hand-shake, docs/PROCESSES.md), with
/// the guest's enforcement underneath (`GuestEnforcement`).
public enum AppMain {
    public static func run(_ info: GuestBuildInfo, makeAdapter: () -> GuestAppAdapter) -> Never {
        ProcessMain.run(tool: "guest-app", kind: .app, usage: AppCommand.usage, spec: AppCommand.spec) {
            context, args in
            info.install(context)
            let hook = GuestEnforcement(context: context, adapter: makeAdapter())
            return try AppCommand.run(AppSession(context: context, enforcement: hook), args)
        }
    }
}
