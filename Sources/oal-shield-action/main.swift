import Foundation
import OALPlatform
import OALProcesses
import OALSystem

let usage = """
    usage: oal-shield-action --root DIR application TOKEN primary|secondary [--json]

    primary closes the shield (prints `close`), after reconciling every
    published rule as every press does. secondary is the Open press:
    it spends one open, records the session, lifts the rule's shield and
    starts the one-shot open-session activity; prints
    `granted RULE-ID until TIME` (exit 0) or `denied: REASON` (exit 2).

    Exit codes: 0 done, 2 denied, 64 usage, 65 a store did not parse or is of
    a newer format, 69 no device root or clock, 70 internal, 74 I/O
    (docs/PROCESSES.md).
    """

ProcessMain.run(tool: "oal-shield-action", kind: .shieldAction, usage: usage, spec: ArgumentSpec()) { context, args in
    let press = try ShieldPressArguments(parsing: args)
    let token = press.token
    let json = args.has("json")
    switch press.button {
    case .primary:
        try OpenPress(context: context).settle()
        context.record("shield.close", ["token": token])
        print(json ? try CommandOutput.json(["result": "close"]) : "close")
        return .done
    case .secondary:
        let subject = try ShieldLookup.subject(kind: "application", token: token, context: context)
        switch try OpenPress(context: context).press(subject) {
        case .granted(let rules, let until):
            let ids = rules.map(\.uuidString).joined(separator: ",")
            let time = TimeFormat.iso(until)
            print(
                json
                    ? try CommandOutput.json(["result": "granted", "rules": ids, "until": time])
                    : "granted \(ids) until \(time)")
            return .done
        case .denied(let reason):
            print(json ? try CommandOutput.json(["result": "denied", "reason": reason]) : "denied: \(reason)")
            return .refused
        }
    }
}
