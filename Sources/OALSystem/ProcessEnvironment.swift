import Glibc

/// One variable of this process's environment, as it is now (`getenv(3)`).
///
/// Why not `ProcessInfo.processInfo.environment[name]`: Foundation builds
/// a dictionary of every variable at each call. A forked callback reads
/// seven variables at its start (crash and pause points, the sync
/// recorder, the mutant, the trace's launch number, ...), which was about
/// 2% of a forked month's CPU.
public enum ProcessEnvironment {
    public static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }
}
