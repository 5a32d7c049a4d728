/// When a `CodeScannerView` reports codes (twostraws/CodeScanner 2.5).
public enum ScanMode {
    /// One code, then stop.
    case once
    /// Each code at most once.
    case oncePerCode
    /// Every code until dismissed.
    case continuous
    /// Every code but those listed, until dismissed.
    case continuousExcept(ignoredList: Set<String>)
    /// Only when the capture button is tapped.
    case manual
}
