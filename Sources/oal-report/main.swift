import OALPlatform
import OALProcesses
import OALSystem

let usage = """
    usage: oal-report --root DIR CONTEXT FROM TO [TOKEN=SECONDS ...]

    The DeviceActivityReport extension: the device hands it one report's
    data (the scene's context, the filter's segment as ISO 8601 instants and
    each filtered app's foreground seconds in it) and it prints the scene's
    configuration, one PATH: VALUE a line (total, then apps[N].name and
    apps[N].seconds, heaviest first). Reads only the catalog.

    Exit codes: 0 done, 64 usage or a context it has no scene for, 69 no
    device root or clock, 70 internal, 74 I/O (docs/PROCESSES.md).
    """

ProcessMain.run(tool: "oal-report", kind: .report, usage: usage, spec: ArgumentSpec()) { context, args in
    let data = try ActivityReportArguments(parsing: args)
    guard data.context == RuleUsageScene.context else {
        throw ProcessFailure.usage("no report scene for context '\(data.context)' (this extension has ruleUsage)")
    }
    let report = RuleUsageScene.configuration(data, catalog: try context.platform.catalog.catalog())
    context.record("report.render", ["context": data.context, "apps": String(data.apps.count)])
    print(ReportConfigurationText.lines(of: report).joined(separator: "\n"))
    return .done
}
