import AVFoundation
import Foundation
import GuestRuntime
import SwiftUI

/// A view that scans barcodes and QR codes with the camera and hands back
/// what it found (twostraws/CodeScanner 2.5, a SwiftPM package Foqos links,
/// not an Apple framework). Its initializer keeps what it is given, as the
/// package's does; the parameters whose types have no stand-in
/// (`isGalleryPresented: Binding<Bool>`, `videoCaptureDevice:
/// AVCaptureDevice?`) are left out, and a call passing them does not compile.
///
/// The emulated device draws no views: its `body` is never asked for. When
/// a sheet that shows one is presented (`showScanners(in:)`), the device's
/// camera feeds it the codes a scenario holds up, through `completion`.
public struct CodeScannerView: View {
    public let codeTypes: [AVMetadataObject.ObjectType]
    public let scanMode: ScanMode
    public let manualSelect: Bool
    public let scanInterval: Double
    public let showViewfinder: Bool
    public let requiresPhotoOutput: Bool
    public var simulatedData: String
    public var shouldVibrateOnSuccess: Bool
    public var isTorchOn: Bool
    public var isPaused: Bool
    public var completion: (Result<ScanResult, ScanError>) -> Void

    public init(
        codeTypes: [AVMetadataObject.ObjectType],
        scanMode: ScanMode = .once,
        manualSelect: Bool = false,
        scanInterval: Double = 2.0,
        showViewfinder: Bool = false,
        requiresPhotoOutput: Bool = true,
        simulatedData: String = "",
        shouldVibrateOnSuccess: Bool = true,
        isTorchOn: Bool = false,
        isPaused: Bool = false,
        completion: @escaping (Result<ScanResult, ScanError>) -> Void
    ) {
        self.codeTypes = codeTypes
        self.scanMode = scanMode
        self.manualSelect = manualSelect
        self.scanInterval = scanInterval
        self.showViewfinder = showViewfinder
        self.requiresPhotoOutput = requiresPhotoOutput
        self.simulatedData = simulatedData
        self.shouldVibrateOnSuccess = shouldVibrateOnSuccess
        self.isTorchOn = isTorchOn
        self.isPaused = isPaused
        self.completion = completion
    }

    /// Never drawn: the process stops if anything asks for it.
    public var body: Never {
        GuestDevice.fail("CodeScannerView.body: views are not rendered on the emulated device")
    }
}
