/// Why a `CodeScannerView` could not scan (twostraws/CodeScanner 2.5,
/// `Sources/CodeScanner/CodeScanner.swift`).
public enum ScanError: Error {
    /// The camera could not be accessed.
    case badInput
    /// The camera could not scan the codes asked for.
    case badOutput
    /// Setting the camera up failed.
    case initError(_ error: Error)
    /// The person denied access to the camera.
    case permissionDenied
}
