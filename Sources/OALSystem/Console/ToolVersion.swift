/// The emulator's version, printed by `--version` on every executable and
/// script (docs/PROCESSES.md, "Terminal conventions"). One constant: the
/// scripts read it from this file, so they never build to answer.
public enum ToolVersion {
    public static let current = "0.11.0"

    /// The `--version` line: `oal-device 0.11.0`.
    public static func line(tool: String) -> String { "\(tool) \(current)" }
}
