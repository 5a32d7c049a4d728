/// When a `CodeScannerView` reports codes (twostraws/CodeScanner 2.5).
public enum ScanMode {
    /// One code, then stop.
    case once
    /// Every code until dismissed.
    case continuous
    /// Only when the capture button is tapped.
    case manual
}
