import AVFoundation
import Foundation
import UIKit

/// What a `CodeScannerView` scanned: the code's contents and symbology and
/// an image of it (twostraws/CodeScanner 2.5). The emulated device has no
/// camera, so none is ever made.
public struct ScanResult {
    /// The contents of the code.
    public let string: String
    /// The kind of code that matched.
    public let type: AVMetadataObject.ObjectType
    /// The image of the code, when the scanner captured one.
    public let image: UIImage?
}
