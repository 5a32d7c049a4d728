import Foundation

/// How an NDEF record's type is to be read
/// (https://developer.apple.com/documentation/corenfc/nfctypenameformat),
/// the TNF values of NFC Forum NDEF 1.0.
public enum NFCTypeNameFormat: UInt8, Hashable, Sendable {
    case empty = 0x00
    case nfcWellKnown = 0x01
    case media = 0x02
    case unknown = 0x05
    case unchanged = 0x06
}

/// One record of an NDEF message
/// (https://developer.apple.com/documentation/corenfc/nfcndefpayload).
/// Pure data, so modelled whole: a well-known URI record is built and read
/// as the NFC Forum URI Record Type Definition lays it out (type `U`, one
/// byte of abbreviated prefix, then the rest of the URI in UTF-8).
public final class NFCNDEFPayload: @unchecked Sendable {
    public var typeNameFormat: NFCTypeNameFormat
    public var type: Data
    public var identifier: Data
    public var payload: Data

    public init(format: NFCTypeNameFormat, type: Data, identifier: Data, payload: Data) {
        typeNameFormat = format
        self.type = type
        self.identifier = identifier
        self.payload = payload
    }

    /// A well-known URI record of `url`
    /// (https://developer.apple.com/documentation/corenfc/nfcndefpayload/wellknowntypeuripayload(url:)).
    public static func wellKnownTypeURIPayload(url: URL) -> NFCNDEFPayload? {
        wellKnownTypeURIPayload(string: url.absoluteString)
    }

    /// A well-known URI record of `uri`
    /// (https://developer.apple.com/documentation/corenfc/nfcndefpayload/wellknowntypeuripayload(string:)).
    public static func wellKnownTypeURIPayload(string uri: String) -> NFCNDEFPayload? {
        // The longest prefix the record type abbreviates; 0 (none) matches every URI.
        let code =
            URIPrefix.all.indices.filter { uri.hasPrefix(URIPrefix.all[$0]) }
            .max { URIPrefix.all[$0].count < URIPrefix.all[$1].count } ?? 0
        let rest = uri.dropFirst(URIPrefix.all[code].count)
        return NFCNDEFPayload(
            format: .nfcWellKnown, type: Data("U".utf8), identifier: Data(),
            payload: Data([UInt8(code)] + Array(rest.utf8)))
    }

    /// The URL of a well-known URI record; nil for any other record, or for
    /// a prefix code the record type reserves
    /// (https://developer.apple.com/documentation/corenfc/nfcndefpayload/wellknowntypeuripayload()).
    public func wellKnownTypeURIPayload() -> URL? {
        guard typeNameFormat == .nfcWellKnown, type == Data("U".utf8), let code = payload.first,
            Int(code) < URIPrefix.all.count
        else { return nil }
        let rest = String(decoding: payload.dropFirst(), as: UTF8.self)
        return URL(string: URIPrefix.all[Int(code)] + rest)
    }
}

/// The URI Record Type Definition's abbreviations, by their code (0x00-0x23).
enum URIPrefix {
    static let all = [
        "", "http://www.", "https://www.", "http://", "https://", "tel:", "mailto:", "ftp://anonymous:anonymous@",
        "ftp://ftp.", "ftps://", "sftp://", "smb://", "nfs://", "ftp://", "dav://", "news:", "telnet://", "imap:",
        "rtsp://", "urn:", "pop:", "sip:", "sips:", "tftp:", "btspp://", "btl2cap://", "btgoep://", "tcpobex://",
        "irdaobex://", "file://", "urn:epc:id:", "urn:epc:tag:", "urn:epc:pat:", "urn:epc:raw:", "urn:epc:", "urn:nfc:",
    ]
}
