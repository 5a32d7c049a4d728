import Foundation
import OALDomain
import OALSystem

/// `oal-app list add|edit|delete|show`: the App List library.
///
/// Lists are read-only while any Hard Mode rule is actively blocking
/// (`RulePolicy.areAppListsReadOnly`): editing one would be a back door out
/// of the block. Creating lists stays allowed.
enum ListCommands {
    static let usage =
        "list add NAME --apps A,B [--categories C] [--domains D] | list edit NAME [--apps ...] [--rename NEW] | list delete NAME | list show [NAME]"

    static func run(_ app: AppSession, _ args: ParsedArguments) throws -> ExitCode {
        let verb = try args.positional(1, "list command (\(usage))")
        switch verb {
        case "add": return try add(app, args)
        case "edit": return try edit(app, args)
        case "delete": return try delete(app, args)
        case "show": return try show(app, args)
        default: throw ProcessFailure.usage("unknown list command '\(verb)' (expected add, edit, delete or show)")
        }
    }

    private static func selection(_ app: AppSession, _ args: ParsedArguments) throws -> AppSelection? {
        let apps = CommandInputs.names(args.value("apps"))
        let categories = CommandInputs.names(args.value("categories"))
        let domains = CommandInputs.names(args.value("domains"))
        if args.value("apps") == nil, args.value("categories") == nil, args.value("domains") == nil { return nil }
        return try CommandInputs.selection(
            apps: apps, categories: categories, domains: domains, catalog: try app.context.platform.catalog.catalog())
    }

    private static func add(_ app: AppSession, _ args: ParsedArguments) throws -> ExitCode {
        let name = try CommandInputs.listName(try args.positional(2, "NAME"))
        try args.expectAtMost(3)
        guard let selection = try selection(app, args) else {
            throw ProcessFailure.usage("list add needs --apps, --categories or --domains")
        }
        let list = try app.mutate(cause: "list.add") { database, _ in
            guard !database.lists.lists.contains(where: { $0.name.caseInsensitiveCompare(name) == .orderedSame }) else {
                throw ProcessFailure.usage("an app list named '\(name)' already exists")
            }
            let list = AppList(id: app.context.identifiers.next(), name: name, selection: selection)
            try database.lists.add(list)
            return list
        }
        app.context.record("list.add", ["list": CanonicalUUID.string(list.id)])
        try CommandOutput.emit(ListView(list), json: args.has("json")) {
            "added app list \(list.name) (\(CanonicalUUID.string(list.id))), \(list.countText)"
        }
        return .done
    }

    private static func edit(_ app: AppSession, _ args: ParsedArguments) throws -> ExitCode {
        let reference = try args.positional(2, "NAME")
        try args.expectAtMost(3)
        let selection = try selection(app, args)
        let list = try app.mutate(cause: "list.edit") { database, inputs in
            var list = try CommandInputs.list(reference, in: database)
            if let selection { list.selection = selection }
            if let rename = args.value("rename") {
                let name = try CommandInputs.listName(rename)
                let taken = database.lists.lists.contains {
                    $0.id != list.id && $0.name.caseInsensitiveCompare(name) == .orderedSame
                }
                guard !taken else { throw ProcessFailure.usage("an app list named '\(name)' already exists") }
                list.name = name
            }
            let readOnly = RulePolicy.areAppListsReadOnly(
                rules: database.rules, at: inputs.now, calendar: inputs.calendar, usageFor: inputs.usage(of:))
            try database.lists.update(list, listsReadOnly: readOnly)
            return list
        }
        app.context.record("list.edit", ["list": CanonicalUUID.string(list.id)])
        try CommandOutput.emit(ListView(list), json: args.has("json")) {
            "updated app list \(list.name), \(list.countText)"
        }
        return .done
    }

    private static func delete(_ app: AppSession, _ args: ParsedArguments) throws -> ExitCode {
        let reference = try args.positional(2, "NAME")
        try args.expectAtMost(3)
        let list = try app.mutate(cause: "list.delete") { database, inputs in
            let list = try CommandInputs.list(reference, in: database)
            let readOnly = RulePolicy.areAppListsReadOnly(
                rules: database.rules, at: inputs.now, calendar: inputs.calendar, usageFor: inputs.usage(of:))
            // Settings → Manage App Lists: a list in use is detached from
            // its rules, which then block nothing.
            try database.lists.delete(list.id, from: .management, rules: &database.rules, listsReadOnly: readOnly)
            return list
        }
        app.context.record("list.delete", ["list": CanonicalUUID.string(list.id)])
        print(
            args.has("json")
                ? try CommandOutput.json(["deleted": CanonicalUUID.string(list.id)]) : "deleted app list \(list.name)"
        )
        return .done
    }

    private static func show(_ app: AppSession, _ args: ParsedArguments) throws -> ExitCode {
        try args.expectAtMost(3)
        let database = try app.load()
        let catalog = try app.context.platform.catalog.catalog()
        var lists = database.lists.lists
        if args.positionals.count > 2 { lists = [try CommandInputs.list(args.positionals[2], in: database)] }
        let views = lists.map { ListView($0, catalog: catalog) }
        try CommandOutput.emit(views, json: args.has("json")) {
            if views.isEmpty { return "no app lists" }
            return views.map { view in
                "\(view.name) (\(view.id)) — \(view.count)"
                    + (view.members.isEmpty ? "" : ": " + view.members.joined(separator: ", "))
            }.joined(separator: "\n")
        }
        return .done
    }
}
