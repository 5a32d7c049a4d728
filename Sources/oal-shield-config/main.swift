import OALProcesses
import OALSystem

let usage = """
    usage: oal-shield-config --root DIR application TOKEN [--json]
           oal-shield-config --root DIR web-domain TOKEN [--json]

    Prints the shield for one token: title, subtitle, primary button label
    and, when Open is offered, the secondary button label. Reads only.

    Exit codes: 0 done (an unknown token gets the generic shield), 64 usage,
    65 a store did not parse or is of a newer format, 69 no device root or
    clock, 70 internal, 74 I/O (docs/PROCESSES.md).
    """

ProcessMain.run(tool: "oal-shield-config", kind: .shieldConfig, usage: usage, spec: ArgumentSpec()) { context, args in
    let kind = try args.positional(0, "application|web-domain")
    let token = try args.positional(1, "TOKEN")
    try args.expectAtMost(2)
    let subject = try ShieldLookup.subject(kind: kind, token: token, context: context)
    let lookup = try ShieldLookup.lookUp(subject, context: context, stores: try context.stores())
    let shield = lookup.presentation
    context.record(
        "shield.render",
        [
            "token": token, "holders": lookup.holders.map(\.rule.id.uuidString).joined(separator: ","),
            "open": shield.secondaryButtonLabel == nil ? "false" : "true",
        ])
    try CommandOutput.emit(shield, json: args.has("json")) {
        var lines = [shield.title, shield.subtitle, "[\(shield.primaryButtonLabel)]"]
        if let secondary = shield.secondaryButtonLabel { lines.append("[\(secondary)]") }
        return lines.joined(separator: "\n")
    }
    return .done
}
