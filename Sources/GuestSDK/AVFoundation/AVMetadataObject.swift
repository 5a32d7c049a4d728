import Foundation

/// Metadata a capture output found in a frame
/// (https://developer.apple.com/documentation/avfoundation/avmetadataobject).
/// The emulated device has no camera, so none is ever captured; only the
/// kinds of object (`ObjectType`) exist, which a scanner is configured with.
open class AVMetadataObject: @unchecked Sendable {
    init() {}
}

extension AVMetadataObject {
    /// A kind of metadata object, by its system identifier
    /// (https://developer.apple.com/documentation/avfoundation/avmetadataobject/objecttype).
    /// The barcode symbologies are those of `AVMetadataMachineReadableCodeObject`,
    /// with the string values of their `AVMetadataObjectType…` constants.
    public struct ObjectType: RawRepresentable, Hashable, Sendable {
        public let rawValue: String

        public init(rawValue: String) { self.rawValue = rawValue }
        public init(_ rawValue: String) { self.rawValue = rawValue }

        public static let aztec = ObjectType(rawValue: "org.iso.Aztec")
        public static let code128 = ObjectType(rawValue: "org.iso.Code128")
        public static let code39 = ObjectType(rawValue: "org.iso.Code39")
        public static let code39Mod43 = ObjectType(rawValue: "org.iso.Code39Mod43")
        public static let code93 = ObjectType(rawValue: "com.intermec.Code93")
        public static let dataMatrix = ObjectType(rawValue: "org.iso.DataMatrix")
        public static let ean8 = ObjectType(rawValue: "org.gs1.EAN-8")
        public static let ean13 = ObjectType(rawValue: "org.gs1.EAN-13")
        public static let interleaved2of5 = ObjectType(rawValue: "org.ansi.Interleaved2of5")
        public static let itf14 = ObjectType(rawValue: "org.gs1.ITF14")
        public static let pdf417 = ObjectType(rawValue: "org.iso.PDF417")
        public static let qr = ObjectType(rawValue: "org.iso.QRCode")
        public static let upce = ObjectType(rawValue: "org.gs1.UPC-E")
    }
}
