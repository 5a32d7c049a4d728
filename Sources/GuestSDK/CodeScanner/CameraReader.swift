import Foundation
import GuestRuntime
import SwiftUI

/// The device's camera pointed at the scanners a presented sheet shows
/// (the emulator's, not the package's API): each `CodeScannerView` in the
/// sheet's drawn tree opens a camera reader (`DeviceReaders`, kind
/// camera), and a code a scenario's `qr scan` holds up while it is open is
/// handed to the view's `completion` on the main thread, as the package
/// reports a scan (a `.qr` result, no image). A `.once` scanner closes
/// after its first code; a sheet shown later closes the earlier one's
/// (docs/PLATFORM.md, "NFC and codes").
extension CodeScannerView {
    /// Opens the camera on every scanner `sheet` shows; how many it found.
    @MainActor @discardableResult
    public static func showScanners(in sheet: any View) -> Int {
        let scanners = ViewTree.views(of: CodeScannerView.self, in: sheet)
        CameraSheet.current.replace(with: scanners.map { ($0.completion, $0.scanMode == .once) })
        return scanners.count
    }
}

/// The sheet whose scanners the camera feeds.
final class CameraSheet: @unchecked Sendable {
    static let current = CameraSheet()
    private let lock = NSLock()
    private var generation = 0

    /// One open scanner: closed when it took its one code, or when another
    /// sheet is shown.
    final class Scanner: @unchecked Sendable {
        let completion: (Result<ScanResult, ScanError>) -> Void
        let once: Bool
        let generation: Int
        var scanned = false
        init(completion: @escaping (Result<ScanResult, ScanError>) -> Void, once: Bool, generation: Int) {
            self.completion = completion
            self.once = once
            self.generation = generation
        }
    }

    /// Each scanner by its `completion` and whether it takes one code.
    func replace(with views: [(completion: (Result<ScanResult, ScanError>) -> Void, once: Bool)]) {
        let generation = lock.withLock {
            self.generation += 1
            return self.generation
        }
        for view in views {
            let scanner = Scanner(completion: view.completion, once: view.once, generation: generation)
            DeviceReaders.shared.open(
                DeviceReaders.Reader(
                    kind: .camera, api: "CodeScannerView", queue: .main,
                    present: { code in self.scan(code, by: scanner) },
                    isOpen: { self.isOpen(scanner) }))
        }
    }

    private func isOpen(_ scanner: Scanner) -> Bool {
        lock.withLock {
            scanner.generation == generation && !(scanner.scanned && scanner.once)
        }
    }

    /// The package calls `completion` on the main thread.
    private func scan(_ code: String, by scanner: Scanner) {
        guard isOpen(scanner) else { return }
        lock.withLock { scanner.scanned = true }
        let result = ScanResult(string: code, type: .qr, image: nil)
        DispatchQueue.main.async { scanner.completion(.success(result)) }
    }
}
