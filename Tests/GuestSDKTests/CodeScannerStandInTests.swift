import AVFoundation
import CodeScanner
import Foundation
import GuestHarness
import GuestRuntime
import OALPlatform
import SwiftUI
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
    /// defaults; a scanner on no presented sheet is never called.
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

    /// A sheet as Foqos's `LabeledCodeScannerView` builds one: the scanner
    /// inside a stack, an `if`, a `ZStack` and modifiers, in a composed
    /// view's body.
    struct Sheet: View {
        let onScan: (Result<ScanResult, ScanError>) -> Void
        @State private var showing = true
        var body: some View {
            VStack {
                Text("Scan to start").bold()
                if showing {
                    ZStack {
                        CodeScannerView(codeTypes: [.qr], completion: onScan).frame(maxWidth: .infinity)
                        Button(action: {}) { Text("Torch") }
                    }
                } else {
                    Text("Scanner Paused")
                }
            }
        }
    }

    /// The device's camera feeds the scanner a presented sheet shows: the
    /// code held up reaches `completion` (a `.qr` result) on the main
    /// thread; a `.once` scanner then closes, and a later code is the
    /// device's own (no reader up).
    static let mainQueue = DispatchSpecificKey<Bool>()

    @Test func theCameraFeedsTheScannerOfAPresentedSheet() async throws {
        DispatchQueue.main.setSpecific(key: Self.mainQueue, value: true)
        final class Scans: @unchecked Sendable { var codes: [String] = [] }
        let scans = Scans()
        let sheet = Sheet { result in
            if case .success(let scan) = result {
                // The scanner's completion runs on the main queue, as
                // CodeScanner calls it from its view controller. (Not
                // `Thread.isMainThread`: on Linux `dispatchMain()` ends the
                // main thread and another thread serves the main queue.)
                #expect(DispatchQueue.getSpecific(key: Self.mainQueue) == true)
                #expect(scan.type == .qr)
                scans.codes.append(scan.string)
            }
        }
        #expect(CodeScannerView.showScanners(in: Text("no scanner")) == 0)
        #expect(DeviceReaders.shared.newest(.camera) == nil)
        #expect(CodeScannerView.showScanners(in: sheet) == 1)
        let api = await ReaderDelivery.present(HeldUp(reader: "camera", value: "poster-1"))
        #expect(api == "CodeScannerView" && scans.codes == ["poster-1"])
        #expect(await ReaderDelivery.present(HeldUp(reader: "camera", value: "poster-2")) == nil)
        #expect(scans.codes == ["poster-1"])
    }
}
