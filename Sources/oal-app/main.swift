import OALProcesses

ProcessMain.run(tool: "oal-app", kind: .app, usage: AppCommand.usage, spec: AppCommand.spec, AppCommand.run)
