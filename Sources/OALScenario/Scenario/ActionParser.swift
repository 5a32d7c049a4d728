import Foundation
import OALPlatform

/// Parses the action part of an `at` line (everything after the time).
public struct ActionParser {
    public let catalog: InstalledAppCatalog
    public let fail: (String) -> ScenarioError

    public func parse(_ words: [String]) throws(ScenarioError) -> ScenarioAction {
        let rest = Array(words.dropFirst())
        switch words[0] {
        case "app":
            guard !rest.isEmpty else { throw fail("usage: app ARGS... (the arguments of oal-app)") }
            if rest[0] == "usage-report" {
                guard rest.count == 2 else { throw fail("usage: app usage-report RULE") }
                return .usageReport(rule: rest[1])
            }
            return .app(arguments: rest)
        case "open":
            let (names, duration) = try splitDuration(rest, usage: "usage: open APP [for DURATION]")
            guard names.count == 1 else { throw fail("usage: open APP [for DURATION] (quote names with spaces)") }
            return .open(app: try app(names[0]), duration: duration)
        case "leave":
            guard rest.isEmpty else { throw fail("usage: leave") }
            return .leave
        case "press":
            let usage = "usage: press open|close|secondary|primary on APP [for DURATION]"
            let (words, duration) = try splitDuration(rest, usage: usage)
            guard words.count == 3, words[1] == "on", let button = ShieldButton(word: words[0]) else {
                throw fail(usage)
            }
            return .press(button, app: try app(words[2]), duration: duration)
        case "expect":
            return .expect(try expectation(rest))
        case "fault":
            do {
                return .fault(try FaultParser.parse(rest))
            } catch {
                throw fail("fault: \(error.message)")
            }
        case "authorization":
            guard rest.count == 1, let change = AuthorizationChange(rawValue: rest[0]) else {
                throw fail("usage: authorization revoke|restore")
            }
            return .authorization(change)
        case "notifications":
            guard rest.count == 1, let change = NotificationChange(rawValue: rest[0]) else {
                throw fail("usage: notifications allow|deny")
            }
            return .notifications(change)
        case "shortcut":
            let usage = "usage: shortcut run INTENT [PARAM=VALUE ...] (one of the app's App Intents)"
            guard rest.count >= 2, rest[0] == "run" else { throw fail(usage) }
            let parameters = Array(rest.dropFirst(2))
            if let bad = parameters.first(where: { !$0.contains("=") || $0.hasPrefix("=") }) {
                throw fail("shortcut run: '\(bad)' is not PARAM=VALUE (\(usage))")
            }
            return .shortcut(intent: rest[1], parameters: parameters)
        case "automation":
            return .automation(try automation(rest))
        case "nfc":
            guard rest.count == 2, rest[0] == "scan" else { throw fail("usage: nfc scan TAG") }
            return .nfcScan(tag: rest[1])
        case "tap":
            guard rest.count == 1 || (rest.count == 2 && rest[1] == "twice") else {
                throw fail("usage: tap BUTTON [twice] (a button of the app's screen, while the app is in front)")
            }
            return .screenTap(button: rest[0], times: rest.count == 2 ? 2 : 1)
        case "link":
            guard rest.count == 2, rest[0] == "open" else {
                throw fail("usage: link open URL (a link the person taps in another app)")
            }
            guard let url = URL(string: rest[1]), url.scheme != nil else {
                throw fail("link open: '\(rest[1])' is not a URL (it needs a scheme: https://..., foqos://...)")
            }
            return .link(url: rest[1])
        case "qr":
            guard rest.count == 2, rest[0] == "scan" else {
                throw fail("usage: qr scan TEXT (a QR code or barcode the person points the Camera at)")
            }
            return .cameraScan(code: rest[1])
        default:
            throw fail(
                "unknown action '\(words[0])' (expected app, open, leave, press, tap, link, qr, shortcut, automation, nfc, expect, fault, authorization or notifications)"
            )
        }
    }

    /// `automation add NAME when app-opened APP|nfc-tag TAG|time-of-day HH:MM run INTENT
    /// [PARAM=VALUE ...] [--ask] [--notify]`, `automation remove|disable|enable NAME`.
    private func automation(_ words: [String]) throws(ScenarioError) -> AutomationChange {
        let usage =
            "usage: automation add NAME when app-opened APP|nfc-tag TAG|time-of-day HH:MM run INTENT [PARAM=VALUE ...] [--ask] [--notify]"
            + " | automation remove|disable|enable NAME"
        guard let verb = words.first else { throw fail(usage) }
        switch verb {
        case "remove", "disable", "enable":
            guard words.count == 2 else { throw fail(usage) }
            return verb == "remove" ? .remove(name: words[1]) : .setEnabled(name: words[1], verb == "enable")
        case "add":
            guard words.count >= 7, words[2] == "when", words[5] == "run" else { throw fail(usage) }
            let trigger: PersonalAutomation.Trigger
            switch words[3] {
            case "app-opened": trigger = .appOpened(app: try app(words[4]))
            case "nfc-tag": trigger = .nfcTag(id: words[4])
            case "time-of-day":
                guard let clock = ClockTime(words[4]), clock.second == 0 else {
                    throw fail("automation add: time-of-day takes HH:MM, not '\(words[4])'")
                }
                trigger = .timeOfDay(hour: clock.hour, minute: clock.minute)
            default:
                throw fail(
                    "automation add: unknown trigger '\(words[3])' (app-opened APP, nfc-tag TAG or time-of-day HH:MM)")
            }
            var parameters: [String] = []
            var ask = false
            var notify = false
            for word in words.dropFirst(7) {
                switch word {
                case "--ask": ask = true
                case "--notify": notify = true
                case _ where word.contains("=") && !word.hasPrefix("="): parameters.append(word)
                default: throw fail("automation add: '\(word)' is not PARAM=VALUE, --ask or --notify")
                }
            }
            return .add(
                PersonalAutomation(
                    name: words[1], trigger: trigger, intent: words[6], parameters: parameters, runImmediately: !ask,
                    notifyWhenRun: notify))
        default:
            throw fail(usage)
        }
    }

    private func expectation(_ words: [String]) throws(ScenarioError) -> Expectation {
        guard let kind = words.first else { throw fail("usage: expect WHAT ...") }
        let rest = Array(words.dropFirst())
        switch kind {
        case "blocked", "unblocked":
            guard rest.count == 1 else { throw fail("usage: expect \(kind) APP") }
            return .shielded(app: try app(rest[0]), kind == "blocked")
        case "usage":
            if rest.count == 5, rest[1] == "opens", rest[3] == "of", let used = Int(rest[2]), let of = Int(rest[4]) {
                return .opens(rule: rest[0], used: used, of: of)
            }
            if rest.count == 3, rest[1] == "minutes", let used = Int(rest[2]) {
                return .minutes(rule: rest[0], used: used)
            }
            throw fail("usage: expect usage RULE opens X of N | expect usage RULE minutes X")
        case "home":
            guard rest.count == 2 else {
                throw fail("usage: expect home blocking|usage|absent RULE | expect home RULE \"TEXT\"")
            }
            if let section = HomeSection(rawValue: rest[0]) { return .home(rule: rest[1], section) }
            return .homeText(rule: rest[0], text: rest[1])
        case "status":
            guard rest.count == 2, !rest[1].isEmpty else { throw fail("usage: expect status RULE \"TEXT\"") }
            return .status(rule: rest[0], text: rest[1])
        case "activity":
            return try activity(rest)
        case "press":
            guard rest.count == 1, rest[0] == "granted" || rest[0] == "denied" else {
                throw fail("usage: expect press granted|denied")
            }
            return .lastPress(granted: rest[0] == "granted")
        case "refused":
            guard rest.count >= 2, rest[0] == "app" else { throw fail("usage: expect refused app ARGS...") }
            return .appExit(code: 2, arguments: Array(rest.dropFirst()))
        case "exit":
            guard rest.count >= 3, let code = Int32(rest[0]), rest[1] == "app" else {
                throw fail("usage: expect exit CODE app ARGS...")
            }
            return .appExit(code: code, arguments: Array(rest.dropFirst(2)))
        case "shield":
            guard rest.count == 2 else { throw fail("usage: expect shield APP \"TEXT\"") }
            return .shieldText(app: try app(rest[0]), text: rest[1])
        case "usage-report":
            guard rest.count == 2 else { throw fail("usage: expect usage-report RULE \"TEXT\"") }
            return .usageReport(rule: rest[0], text: rest[1])
        default:
            throw fail(
                "unknown expectation '\(kind)' (expected blocked, unblocked, usage, home, status, activity, press, refused, exit, shield or usage-report)"
            )
        }
    }

    private func activity(_ words: [String]) throws(ScenarioError) -> Expectation {
        let usage = "usage: expect activity NAME|PREFIX*|KIND RULE registered|absent"
        guard let state = words.last, state == "registered" || state == "absent" else { throw fail(usage) }
        let registered = state == "registered"
        switch words.count {
        case 2:
            let name = words[0]
            return .activity(
                name.hasSuffix("*") ? .prefix(String(name.dropLast())) : .exact(name), registered: registered)
        case 3:
            return .activity(.ofRule(prefix: words[0], rule: words[1]), registered: registered)
        default:
            throw fail(usage)
        }
    }

    /// Splits a trailing `for DURATION` off.
    private func splitDuration(_ words: [String], usage: String) throws(ScenarioError) -> ([String], TimeInterval?) {
        guard words.count >= 2, words[words.count - 2] == "for" else { return (words, nil) }
        guard let duration = DurationText.parse(words[words.count - 1]) else {
            throw fail("'\(words[words.count - 1])' is not a duration (e.g. 90s, 20m, 1h30m)")
        }
        return (Array(words.dropLast(2)), duration)
    }

    private func app(_ name: String) throws(ScenarioError) -> String {
        guard let app = catalog.app(named: name) else {
            let known = catalog.apps.map(\.name).joined(separator: ", ")
            throw fail("no installed app named '\(name)' (installed: \(known); add one with 'catalog app')")
        }
        return app.name
    }
}
