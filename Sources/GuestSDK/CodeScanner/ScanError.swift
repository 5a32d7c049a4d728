/// Why a `CodeScannerView` could not scan (twostraws/CodeScanner 2.5,
/// `Sources/CodeScanner/CodeScanner.swift`).
public enum ScanError: Error {
    /// The person denied access to the camera.
    case permissionDenied
}
