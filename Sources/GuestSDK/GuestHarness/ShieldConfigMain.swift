import ManagedSettings
import ManagedSettingsUI
import OALProcesses
import OALSystem

/// `guest-shield-config`: the command line of `oal-shield-config`, asking
/// the guest's `ShieldConfigurationDataSource` for the shield and printing
/// it as `oal-shield-config` does (title, subtitle, `[primary]`,
/// `[secondary]` when offered).
public enum ShieldConfigMain {
    public static func run(_ info: GuestBuildInfo, makeDataSource: () -> ShieldConfigurationDataSource) -> Never {
        let usage = """
            usage: guest-shield-config --root DIR application|web-domain TOKEN [--json]

            The guest's ShieldConfiguration extension: prints the shield for one
            token (the command line of oal-shield-config).
            """
        var principal: ShieldConfigurationDataSource?
        ProcessMain.run(tool: "guest-shield-config", kind: .shieldConfig, usage: usage, spec: ArgumentSpec()) {
            context, args in
            let kind = try args.positional(0, "application|web-domain")
            let token = try args.positional(1, "TOKEN")
            try args.expectAtMost(2)
            info.install(context)
            _ = try context.now()
            // One principal object per process, as iOS keeps the extension's:
            // a warm process (`--serve`) hands it every callback it serves.
            let source = principal ?? makeDataSource()
            principal = source
            let shield: ShieldConfiguration
            switch try ShieldSubjectResolver(context: context).resolve(kind: kind, token: token) {
            case .application(let app, let category, let byCategory):
                if byCategory, let category {
                    shield = source.configuration(shielding: app, in: category)
                } else {
                    shield = source.configuration(shielding: app)
                }
            case .webDomain(let domain):
                shield = source.configuration(shielding: domain)
            }
            let lines =
                [
                    shield.title?.text ?? "", shield.subtitle?.text ?? "",
                    "[\(shield.primaryButtonLabel?.text ?? "OK")]",
                ] + (shield.secondaryButtonLabel.map { ["[\($0.text)]"] } ?? [])
            context.record(
                "shield.render", ["token": token, "open": shield.secondaryButtonLabel == nil ? "false" : "true"])
            if args.has("json") {
                var fields = [
                    "title": shield.title?.text ?? "", "subtitle": shield.subtitle?.text ?? "",
                    "primaryButtonLabel": shield.primaryButtonLabel?.text ?? "",
                    "secondaryButtonLabel": shield.secondaryButtonLabel?.text ?? "",
                ]
                // An icon is what was drawn into it (`image 96×96 drawing "📵"`).
                if let icon = shield.icon { fields["icon"] = icon.description }
                print(try CommandOutput.json(fields))
            } else {
                print(lines.joined(separator: "\n"))
            }
            return .done
        }
    }
}
