import Foundation

/// Crash-point names as `OAL_CRASH_AT` takes them.
public enum CrashPointName {
    public static func valid(_ text: String) -> Bool {
        guard let hash = text.lastIndex(of: "#") else { return !text.isEmpty && !text.contains(" ") }
        guard let n = Int(text[text.index(after: hash)...]), n >= 1 else { return false }
        return hash != text.startIndex
    }
}
