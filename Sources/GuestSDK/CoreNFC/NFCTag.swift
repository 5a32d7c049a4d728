import Foundation

/// A tag a tag reader session detected
/// (https://developer.apple.com/documentation/corenfc/nfctag). The tags the
/// emulated device detects are MIFARE ones (`EmulatedTag`).
public enum NFCTag {
    case feliCa(any NFCFeliCaTag)
    case iso7816(any NFCISO7816Tag)
    case iso15693(any NFCISO15693Tag)
    case miFare(any NFCMiFareTag)
}

/// Whether a tag holds NDEF data, and whether it can be written
/// (https://developer.apple.com/documentation/corenfc/nfcndefstatus).
public enum NFCNDEFStatus: UInt, Hashable, Sendable {
    case notSupported = 1
    case readWrite = 2
    case readOnly = 3
}

/// A tag that reads and writes NDEF messages
/// (https://developer.apple.com/documentation/corenfc/nfcndeftag).
public protocol NFCNDEFTag: NSObjectProtocol {
    var isAvailable: Bool { get }
    func queryNDEFStatus(completionHandler: @escaping (NFCNDEFStatus, Int, (any Error)?) -> Void)
    func readNDEF(completionHandler: @escaping (NFCNDEFMessage?, (any Error)?) -> Void)
    func writeNDEF(_ ndefMessage: NFCNDEFMessage, completionHandler: @escaping ((any Error)?) -> Void)
}

/// A MIFARE tag (https://developer.apple.com/documentation/corenfc/nfcmifaretag).
public protocol NFCMiFareTag: NFCNDEFTag {
    /// The tag's UID.
    var identifier: Data { get }
}

/// An ISO 15693 tag (https://developer.apple.com/documentation/corenfc/nfciso15693tag).
public protocol NFCISO15693Tag: NFCNDEFTag {
    /// The tag's UID.
    var identifier: Data { get }
}

/// An ISO 7816 tag (https://developer.apple.com/documentation/corenfc/nfciso7816tag).
public protocol NFCISO7816Tag: NFCNDEFTag {
    /// The tag's UID.
    var identifier: Data { get }
}

/// A FeliCa tag (https://developer.apple.com/documentation/corenfc/nfcfelicatag).
public protocol NFCFeliCaTag: NFCNDEFTag {}
