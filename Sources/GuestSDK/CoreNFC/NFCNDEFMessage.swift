import Foundation

/// An NDEF message: its records
/// (https://developer.apple.com/documentation/corenfc/nfcndefmessage).
public final class NFCNDEFMessage: @unchecked Sendable {
    /// The message's records.
    public var records: [NFCNDEFPayload]

    public init(records: [NFCNDEFPayload]) { self.records = records }

    /// The message's size in bytes once written on a tag
    /// (https://developer.apple.com/documentation/corenfc/nfcndefmessage/length):
    /// the NDEF encoding of its records, each a header byte, a type length,
    /// a payload length (one byte for a short record, under 256 bytes of
    /// payload; four otherwise), an identifier length when it has an
    /// identifier, then the type, identifier and payload (NFC Forum NDEF 1.0).
    public var length: Int {
        records.reduce(0) { total, record in
            let payloadLength = record.payload.count < 256 ? 1 : 4
            let identifierLength = record.identifier.isEmpty ? 0 : 1
            return total + 2 + payloadLength + identifierLength + record.type.count + record.identifier.count
                + record.payload.count
        }
    }
}
