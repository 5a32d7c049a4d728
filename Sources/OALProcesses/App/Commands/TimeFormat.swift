import Foundation
import OALPlatform

/// Instants as the command lines print them: the trace's UTC format, so a
/// time printed by one process can be found in the trace of another.
public enum TimeFormat {
    public static func iso(_ date: Date) -> String { TraceEvent.timestamp(date) }
}
