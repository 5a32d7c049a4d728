import AVFoundation
import CodeScanner
import Foundation
import Testing

/// twostraws/CodeScanner's surface and AVFoundation's object types
/// (docs/PLATFORM.md, "What Foqos's unit tests reach").
@MainActor
@Suite("CodeScanner stand-in")
struct CodeScannerStandInTests {
    /// https://developer.apple.com/documentation/avfoundation/avmetadataobject/objecttype:
    /// the symbologies are identified by the strings of their
    /// `AVMetadataObjectType…` constants.
    @Test func objectTypesAreTheirSystemIdentifiers() {
        #expect(AVMetadataObject.ObjectType.qr.rawValue == "org.iso.QRCode")
        #expect(AVMetadataObject.ObjectType.ean13.rawValue == "org.gs1.EAN-13")
        #expect(AVMetadataObject.ObjectType(rawValue: "org.iso.QRCode") == .qr)
    }

    /// CodeScanner 2.5's `CodeScannerView.init`: what Foqos's
    /// `LabeledCodeScannerView` passes is kept, the rest is the package's
    /// defaults; the view is never drawn, so `completion` is never called.
    @Test func aScannerKeepsWhatItIsGiven() {
        let scanner = CodeScannerView(
            codeTypes: [.qr, .ean13], showViewfinder: true, shouldVibrateOnSuccess: true, isTorchOn: true
        ) { _ in Issue.record("a scanner with no camera reported a scan") }
        #expect(scanner.codeTypes == [.qr, .ean13])
        #expect(scanner.showViewfinder && scanner.isTorchOn && scanner.shouldVibrateOnSuccess)
        #expect(scanner.scanInterval == 2.0 && scanner.simulatedData.isEmpty && scanner.requiresPhotoOutput)
        if case .once = scanner.scanMode {} else { Issue.record("scanMode \(scanner.scanMode)") }
        let error: ScanError = .permissionDenied
        if case ScanError.permissionDenied = error {} else { Issue.record("\(error)") }
    }
}
