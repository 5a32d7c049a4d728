import Foundation
import OALPlatform
import OALSystem

/// The `oal-app` command line, dispatched to the library so `main.swift`
/// stays a few lines.
public enum AppCommand {
    public static let usage = """
        usage: oal-app --root DIR COMMAND [options]

        Commands:
          list add NAME --apps A,B [--categories C] [--domains D]
          list edit LIST [--apps A,B] [--categories C] [--domains D] [--rename NEW]
          list delete LIST
          list show [LIST]
          rule add schedule NAME --list L --from HH:MM --to HH:MM [--allow-only] [--adult]
                   [--days every|weekdays|weekends|mon,wed,...] [--hard]
          rule add time-limit NAME --list L --minutes N [--days ...] [--hard]
          rule add open-limit NAME --list L --opens N [--days ...] [--hard]
          rule edit RULE [--rename NEW] [--list L] [--from/--to] [--minutes N] [--opens N]
                   [--days ...] [--hard|--soft] [--allow-only|--block] [--adult|--no-adult]
          rule disable|enable|delete|unblock RULE
          settings uninstall-protection on|off
          refresh              enforce every rule now (the foreground refresh)
          run                  the foreground loop (docs/PROCESSES.md hand-shake)
          home                 Currently Blocking and Usage
          rules                rules grouped by kind, with live status
          show RULE            one rule's detail rows
          intent NAME [PARAM=VALUE ...] [--foreground] [--cannot-come-forward]
                               run one of the app's App Intents in this process, as
                               iOS does for a Shortcuts action (a guest app's; the
                               emulator's own app declares none: exit 69)

        RULE and LIST are a name or an id. App, category and domain names are
        resolved through the device catalog (the system picker's stand-in).

        Options: --root DIR (required), --json, --help
        Exit codes: 0 done, 2 refused by policy, 64 usage, 65 data, 66 not found,
        69 unavailable, 70 internal, 74 I/O.
        """

    public static let spec = ArgumentSpec(
        options: ["apps", "categories", "domains", "list", "from", "to", "minutes", "opens", "days", "rename"],
        flags: ["allow-only", "block", "adult", "no-adult", "hard", "soft", "foreground", "cannot-come-forward"])

    public static func run(_ context: ProcessContext, _ args: ParsedArguments) throws -> ExitCode {
        try run(AppSession(context: context), args)
    }

    /// Runs one command line on `app`.
    public static func run(_ app: AppSession, _ args: ParsedArguments) throws -> ExitCode {
        let command = try args.positional(0, "COMMAND (run `oal-app --help`)")
        switch command {
        case "list": return try ListCommands.run(app, args)
        case "rule": return try RuleCommands.run(app, args)
        case "settings": return try settings(app, args)
        case "refresh":
            try args.expectAtMost(1)
            try app.reconcile(cause: "refresh")
            if !args.has("json") { print("refreshed") }
            return .done
        case "run":
            try args.expectAtMost(1)
            return try ForegroundLoop(app: app).run()
        case "home": return try ScreenCommands.home(app, args)
        case "rules": return try ScreenCommands.rules(app, args)
        case "show": return try ScreenCommands.show(app, args)
        case "intent":
            throw ProcessFailure(.unavailable, "intent: the emulator's own app declares no App Intents")
        default: throw ProcessFailure.usage("unknown command '\(command)'")
        }
    }

    /// `settings uninstall-protection on|off`; the setting lives in the App
    /// Group defaults and governs only the Uninstall Protection store, which
    /// is reconciled at once: a store the setting has nothing to do with
    /// (a damaged `shield-stores.json`, explore seed 691) cannot fail a tap
    /// whose setting has already landed.
    private static func settings(_ app: AppSession, _ args: ParsedArguments) throws -> ExitCode {
        let key = try args.positional(1, "SETTING (uninstall-protection)")
        guard key == "uninstall-protection" else { throw ProcessFailure.usage("unknown setting '\(key)'") }
        let value = try args.positional(2, "on|off")
        try args.expectAtMost(3)
        let enabled: Bool
        switch value {
        case "on": enabled = true
        case "off": enabled = false
        default: throw ProcessFailure.usage("uninstall-protection: '\(value)' is not on or off")
        }
        try app.stores.defaults.setUninstallProtectionEnabled(enabled)
        app.context.record("settings.uninstall-protection", ["enabled": enabled ? "true" : "false"])
        try UninstallProtection(context: app.context, stores: app.stores).reconcile(
            rules: try app.load().rules, inputs: try app.inputs(), cause: "settings")
        print(
            args.has("json")
                ? try CommandOutput.json(["uninstallProtection": enabled]) : "uninstall protection \(value)")
        return .done
    }
}
