import Foundation
import OALPlatform
import OALProcesses
import OALSystem

/// How one launched process ended, with what it printed.
struct LaunchOutcome: Sendable {
    var launch: Int
    var pid: Int32
    var termination: ChildProcess.Termination
    var stdout: String
    var stderr: String

    var exitCode: Int32? {
        if case .exited(let code) = termination { return code }
        return nil
    }

    /// The trace's `status` field: the exit code, or `signal N`.
    var statusText: String { Self.statusText(termination) }

    static func statusText(_ termination: ChildProcess.Termination) -> String {
        switch termination {
        case .exited(let code): "\(code)"
        case .signaled(let signal): "signal \(signal)"
        }
    }
}

/// Starts the app's and extensions' executables as iOS starts them: one
/// process per launch, with `OAL_LAUNCH_ID`, waited for before the clock
/// moves on. Output is captured per launch and then appended, with a
/// header, to `<root>/logs/<kind>.log` (posix_spawn's open truncates, so a
/// shared log cannot be handed to the child directly).
struct ProcessLauncher {
    let root: DeviceRoot
    let binDirectory: URL
    /// The run's seed, handed to every launch as `OAL_SEED` so a process
    /// that needs fresh ids can derive them and replays stay identical.
    let seed: UInt64
    /// The armed faults (Faults/), which may change a launch.
    var faults: FaultInjector? = nil
    /// A guest build whose executables stand in for the app's four.
    var guest: GuestBuild? = nil
    /// The device's trace, where each launch's `launch.end` goes.
    var trace: TraceLog? = nil
    /// Warm mode (`--warm`): the live extension processes, shared by every
    /// copy of this launcher.
    var warm: WarmProcesses? = nil
    /// Forked launches (`--forked`): the fork servers, shared by every copy
    /// of this launcher.
    var forks: ForkServers? = nil
    /// Where a guest's mutated copy records the sites it reaches
    /// (`EngineOptions.mutantCoverageDirectory`).
    var mutantCoverage: URL? = nil

    /// `OAL_SEED`, declared once (IdentifierSource, which reads it).
    static let seedVariable = IdentifierSource.seedVariable

    func environment(launch: Int, target: FaultTarget? = nil) -> [String: String] {
        planned(launch: launch, target: target).environment
    }

    /// One launch's environment and the wrapper its fault plan puts before
    /// the executable (strace, for a kill at a system call). The plan is
    /// made once: making it arms the launch's faults.
    func planned(launch: Int, target: FaultTarget? = nil) -> (environment: [String: String], wrapper: [String]) {
        var wrapper: [String] = []
        let variables = launchVariables(launch: launch, target: target) { wrapper = $0.wrapper }
        return (ProcessInfo.processInfo.environment.merging(variables) { _, own in own }, wrapper)
    }

    /// What the emulated OS sets for one launch on top of its own
    /// environment: the launch number, the seed, a mutant, where reached
    /// mutation sites go, a fault plan's.
    func launchVariables(
        launch: Int, target: FaultTarget? = nil, plan seen: (LaunchPlan) -> Void = { _ in }
    ) -> [String: String] {
        var variables = [TraceLog.launchVariable: String(launch), Self.seedVariable: String(seed)]
        if let mutant = faults?.mutant { variables[MutantVariable.name] = mutant }
        if let mutantCoverage { variables[MutantVariable.coverage] = mutantCoverage.path }
        if let faults, let target {
            let plan = faults.plan(target, launch: launch)
            for (key, value) in plan.environment { variables[key] = value }
            seen(plan)
        }
        return variables
    }

    func executable(_ name: String) throws(EngineError) -> String {
        // Never the emulator's own app in a guest's place: that would judge
        // one app's taps against another's extensions.
        if let guest, name == "oal-app", let reason = guest.omitted?["app"] {
            throw .io("\(guest.name) has no app process (\(reason)): a scenario for it cannot tap or open the app")
        }
        // A package's host app has no Screen Time extensions to launch.
        if let guest, name != "oal-app", name.hasPrefix("oal-"), let reason = guest.omitted?[String(name.dropFirst(4))],
            !GuestBuild.optionalExecutables.contains(name)
        {
            throw .io("\(guest.name) has no \(name) (\(reason))")
        }
        let directory = guest.map { GuestBuild.executables.contains(name) ? $0.bin : nil }.flatMap { $0 }
        let path = directory.map { $0 + "/" + name } ?? binDirectory.appendingPathComponent(name).path
        // Nor the emulator's own report extension under a guest's app.
        if let guest, directory != nil, GuestBuild.optionalExecutables.contains(name),
            !FileManager.default.isExecutableFile(atPath: path)
        {
            let reason =
                guest.omitted?["report"] ?? "its checkout has no DeviceActivityReport extension"
            throw .io("\(guest.name) has no \(name) (\(reason))")
        }
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw .missingExecutable(name: name, directory: directory ?? binDirectory.path)
        }
        return path
    }

    /// A copy that spawns every launch, for launches that run at once
    /// (`concurrent-press`). A warm process or a fork server has one
    /// channel, which serves one launch at a time; shared by several
    /// threads, one launch read another's reply. The warm process of `kind`
    /// is retired first, as before any cold launch of its kind.
    func spawningEveryLaunch(retiring kind: ProcessKind, at time: Date) -> ProcessLauncher {
        if let warm { warm.retire(kind, .coldLaunch) { retiredWarm($0, $1, at: time) } }
        var copy = self
        copy.warm = nil
        copy.forks = nil
        return copy
    }

    /// - Parameter given: the launch's fault plan when the caller already
    ///   asked for it (a free-running launch waited for on another thread).
    func run(_ kind: ProcessKind, launch: Int, arguments: [String], at time: Date, plan given: LaunchPlan? = nil)
        throws(EngineError) -> LaunchOutcome
    {
        let started = MonotonicClock.nanoseconds()
        let name = kind.executableName
        let path = try executable(name)
        let captures = root.logs.appendingPathComponent("capture", isDirectory: true)
        // A link in place of logs/ or logs/capture/ is replaced by a real
        // directory; the capture files replace any link (ChildProcess.spawn).
        try? FileSystem.ensurePrivateDirectory(root.logs.path)
        try? FileSystem.ensurePrivateDirectory(captures.path)
        let out = captures.appendingPathComponent("\(launch).out").path
        let err = captures.appendingPathComponent("\(launch).err").path
        var variables = launchVariables(launch: launch)
        let target = FaultTarget(kind: kind)
        let plan = given ?? target.flatMap { faults?.plan($0, launch: launch) } ?? LaunchPlan()
        for (key, value) in plan.environment { variables[key] = value }
        let fullArguments = ["--root", root.url.path] + arguments
        if let warm, WarmServer.serves(kind), plan.isPlain {
            return try runWarm(
                kind, launch: launch, arguments: arguments, fullArguments: fullArguments, path: path,
                variables: variables, captures: (out, err), pool: warm, started: started, at: time)
        }
        if let forks, WarmServer.serves(kind), plan.isPlain {
            return try runForked(
                kind, launch: launch, arguments: arguments, fullArguments: fullArguments, path: path,
                variables: variables, captures: (out, err), pool: forks, started: started, at: time)
        }
        let environment = ProcessInfo.processInfo.environment.merging(variables) { _, own in own }
        // A launch with a fault plan of its own runs cold, alone: the warm
        // process of its kind is retired first (one process per extension).
        if let warm { warm.retire(kind, .coldLaunch) { retiredWarm($0, $1, at: time) } }
        do {
            let drain = plan.replyThroughPipe ? try OutputDrain(into: out) : nil
            let child: ChildProcess
            do {
                child = try ChildProcess.spawn(
                    plan.wrapper.first ?? path,
                    arguments: plan.wrapper.dropFirst() + (plan.wrapper.isEmpty ? [] : [path]) + fullArguments,
                    environment: environment, standardOutput: drain == nil ? out : nil, standardError: err,
                    descriptors: drain.map { [1: $0.writeEnd] } ?? [:])
            } catch {
                drain?.abandon()
                throw error
            }
            drain?.started()
            // Also on a throw below: no copy outlives the launch.
            defer { try? drain?.finish() }
            let watch = LaunchWatch(child: child, limit: plan.memoryLimit)
            let termination: ChildProcess.Termination
            if let pause = plan.pause, let faults, let target {
                termination = try faults.waitPreempted(
                    watch, launch: launch, pause: pause, target: target, arguments: arguments)
            } else if let notice = plan.lockWaitNotice, let faults {
                termination = try faults.waitBesideStopped(watch, launch: launch, notice: notice)
            } else {
                termination = try watch.wait(killAfter: plan.killAfter)
            }
            // The whole reply is in the capture file before it is read.
            try drain?.finish()
            if watch.killedForMemory, let limit = plan.memoryLimit, let target {
                faults?.killedForMemory(target, launch: launch, limit: limit, watch: watch, termination: termination)
            }
            if let target { faults?.ended(target, launch: launch, termination: termination) }
            return finish(
                kind, launch: launch, pid: child.pid, termination: termination,
                memory: (watch.peakKiB, watch.privateKiB), warm: nil, arguments: arguments, captures: (out, err),
                started: started, at: time)
        } catch {
            throw .spawnFailed(name: name, errno: "\(error)")
        }
    }

    /// A callback handed to the live warm process of its kind, or to a new
    /// one when none stays alive for it (`WarmOptions.retirement`). Traced and
    /// logged as a cold launch is; `launch.end` says `warm: new|reused`.
    private func runWarm(
        _ kind: ProcessKind, launch: Int, arguments: [String], fullArguments: [String], path: String,
        variables: [String: String], captures: (out: String, err: String), pool: WarmProcesses, started: UInt64,
        at time: Date
    ) throws(EngineError) -> LaunchOutcome {
        let name = kind.executableName
        var process = pool.reusable(kind, launch: launch, at: time) { retiredWarm($0, $1, at: time) }
        let reused = process != nil
        do {
            if process == nil {
                let log = root.logs.appendingPathComponent("capture/warm-\(kind.rawValue).log").path
                let started = try WarmProcess(
                    kind: kind, executable: path,
                    environment: ProcessInfo.processInfo.environment.merging(variables) { _, own in own }, log: log,
                    at: time)
                pool.adopt(started)
                process = started
            }
            guard let process else { throw Errno(rawValue: ESRCH) }
            // What `execve` would have set for this launch on top of the
            // inherited environment.
            let request = WarmCallback.Request(
                arguments: fullArguments, environment: variables, standardOutput: captures.out,
                standardError: captures.err)
            let (termination, alive) = try process.serve(request, at: time)
            let sample = alive ? process.sample() : nil
            if !alive { pool.lost(kind) }
            if let target = FaultTarget(kind: kind) { faults?.ended(target, launch: launch, termination: termination) }
            return finish(
                kind, launch: launch, pid: process.child.pid, termination: termination,
                memory: (sample?.peakResidentKiB, sample?.privateKiB), warm: reused ? "reused" : "new",
                arguments: arguments, captures: captures, started: started, at: time)
        } catch {
            throw .spawnFailed(name: name, errno: "\(error)")
        }
    }

    /// A plain launch forked by its kind's fork server (started at the
    /// kind's first one) rather than spawned: the same process otherwise,
    /// with its own pid, its variables set before the callback runs, its
    /// output captured to the same files. Its peak memory is its
    /// `ru_maxrss`, reported by the server; its private memory is not
    /// sampled (no `privateKiB`).
    private func runForked(
        _ kind: ProcessKind, launch: Int, arguments: [String], fullArguments: [String], path: String,
        variables: [String: String], captures: (out: String, err: String), pool: ForkServers, started: UInt64,
        at time: Date
    ) throws(EngineError) -> LaunchOutcome {
        let name = kind.executableName
        do {
            let server = try pool.server(kind) { () throws(Errno) in
                try ForkServerProcess(
                    kind: kind, executable: path, environment: ProcessInfo.processInfo.environment,
                    log: root.logs.appendingPathComponent("capture/fork-\(kind.rawValue).log").path)
            }
            let request = WarmCallback.Request(
                arguments: fullArguments, environment: variables, standardOutput: captures.out,
                standardError: captures.err)
            let outcome: ForkServerProcess.Outcome
            do {
                outcome = try server.launch(request)
            } catch {
                pool.lost(kind)
                throw error
            }
            if !outcome.serverAlive { pool.lost(kind) }
            if let target = FaultTarget(kind: kind) {
                faults?.ended(target, launch: launch, termination: outcome.termination)
            }
            return finish(
                kind, launch: launch, pid: outcome.pid ?? server.server.pid, termination: outcome.termination,
                memory: (outcome.peakKiB, nil), warm: nil, arguments: arguments, captures: captures,
                started: started, at: time)
        } catch {
            throw .spawnFailed(name: name, errno: "\(error)")
        }
    }

    /// `warm.retired`: iOS reclaimed an extension process; `reason` is
    /// the draw, its idleness, a cold launch of its kind or the run's end.
    func retiredWarm(_ process: WarmProcess, _ reason: WarmOptions.Retirement, at time: Date) {
        trace?.record(
            "warm.retired", at: time,
            [
                "proc": process.kind.rawValue, "pid": String(process.child.pid),
                "callbacks": String(process.served), "reason": reason.rawValue,
            ])
    }

    /// What every launch ends with, cold or warm: `launch.end` in the
    /// trace, its captured output appended to `logs/<kind>.log`, the
    /// outcome. `launch.end` carries the launch's wall-clock duration
    /// (`wallMicros`, from `started`: before the spawn, the fork request or
    /// the warm hand-over, to now), the memory sampled: the peak resident
    /// set (`peakKiB`) and the largest private memory (`privateKiB`), both
    /// absent when the process ended before the first sample, and, warm,
    /// `warm: new|reused`. The figures differ from run to run, like a pid:
    /// replay comparisons blank them (`TraceEvent.reproducible`).
    private func finish(
        _ kind: ProcessKind, launch: Int, pid: Int32, termination: ChildProcess.Termination,
        memory: (peak: Int?, own: Int?), warm: String?, arguments: [String], captures: (out: String, err: String),
        started: UInt64, at time: Date
    ) -> LaunchOutcome {
        var fields = [
            "launch": String(launch), "proc": kind.rawValue,
            "status": LaunchOutcome.statusText(termination),
            TraceEvent.wallMicrosField: String(max(1, (MonotonicClock.nanoseconds() - started) / 1000)),
        ]
        if let peak = memory.peak { fields[TraceEvent.peakMemoryField] = String(peak) }
        if let own = memory.own { fields[TraceEvent.privateMemoryField] = String(own) }
        if let warm { fields["warm"] = warm }
        trace?.record("launch.end", at: time, fields)
        let stdout = Self.read(captures.out)
        let stderr = Self.read(captures.err)
        appendLog(
            kind,
            header: "launch \(launch) pid \(pid)\(warm.map { " (warm, \($0))" } ?? "") at "
                + "\(TraceEvent.timestamp(time)): \(kind.executableName) " + arguments.joined(separator: " ")
                + " -> \(termination)",
            stdout: stdout, stderr: stderr)
        // Only once the log holds it: a device killed in between must find
        // the launch's answer in one or the other when it resumes (a press
        // finished from it, `DeviceEngine+Resume`). Removed first, a kill
        // there lost it, and the resumed press read as no answer.
        try? FileManager.default.removeItem(atPath: captures.out)
        try? FileManager.default.removeItem(atPath: captures.err)
        return LaunchOutcome(launch: launch, pid: pid, termination: termination, stdout: stdout, stderr: stderr)
    }

    private static func read(_ path: String) -> String {
        guard let data = FileManager.default.contents(atPath: path) else { return "" }
        return String(decoding: data, as: UTF8.self)
    }

    private func appendLog(_ kind: ProcessKind, header: String, stdout: String, stderr: String) {
        var text = "--- \(header)\n"
        if !stdout.isEmpty { text += stdout.hasSuffix("\n") ? stdout : stdout + "\n" }
        if !stderr.isEmpty {
            text += stderr.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.isEmpty }
                .map { "stderr: \($0)\n" }.joined()
        }
        let path = root.logs.appendingPathComponent("\(kind.rawValue).log").path
        // O_APPEND on a file of our own: a planted link is replaced.
        guard let fd = try? FileDescriptor.openOwned(path, .append) else { return }
        defer { try? fd.close() }
        try? fd.writeAll(Array(text.utf8))
    }
}
