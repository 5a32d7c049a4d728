import Foundation

/// An error of a reader session or of a tag operation, in the `NFCError`
/// domain (https://developer.apple.com/documentation/corenfc/nfcreadererror-swift.struct).
public struct NFCReaderError: Error, Hashable, Sendable, CustomNSError, LocalizedError {
    /// The reader session and tag error codes, with their Objective-C values
    /// (https://developer.apple.com/documentation/corenfc/nfcreadererror-swift.struct/code).
    public enum Code: Int, Hashable, Sendable {
        case readerErrorUnsupportedFeature = 1
        case readerErrorSecurityViolation = 2
        case readerErrorInvalidParameter = 3
        case readerErrorInvalidParameterLength = 4
        case readerErrorParameterOutOfBound = 5
        case readerErrorRadioDisabled = 6
        case readerTransceiveErrorTagConnectionLost = 100
        case readerTransceiveErrorRetryExceeded = 101
        case readerTransceiveErrorTagResponseError = 102
        case readerTransceiveErrorSessionInvalidated = 103
        case readerTransceiveErrorTagNotConnected = 104
        case readerTransceiveErrorPacketTooLong = 105
        case readerSessionInvalidationErrorUserCanceled = 200
        case readerSessionInvalidationErrorSessionTimeout = 201
        case readerSessionInvalidationErrorSessionTerminatedUnexpectedly = 202
        case readerSessionInvalidationErrorSystemIsBusy = 203
        case readerSessionInvalidationErrorFirstNDEFTagRead = 204
        case ndefReaderSessionErrorTagNotWritable = 400
        case ndefReaderSessionErrorTagUpdateFailure = 401
        case ndefReaderSessionErrorTagSizeTooSmall = 402
        case ndefReaderSessionErrorZeroLengthMessage = 403
    }

    public let code: Code

    public init(_ code: Code) { self.code = code }

    public static var errorDomain: String { "NFCError" }
    public var errorCode: Int { code.rawValue }

    /// The code's description on its Apple page (what iOS itself words it
    /// as is not documented).
    public var errorDescription: String? {
        switch code {
        case .readerErrorUnsupportedFeature: "The reader session does not support this feature."
        case .readerErrorSecurityViolation: "A security violation associated with the reader session has occurred."
        case .readerErrorInvalidParameter: "An input parameter is invalid."
        case .readerErrorInvalidParameterLength: "The length of an input parameter is invalid."
        case .readerErrorParameterOutOfBound: "A parameter value is outside of the acceptable boundary."
        case .readerErrorRadioDisabled: "The NFC wireless radio on the device is disabled."
        case .readerTransceiveErrorTagConnectionLost: "The reader lost the connection to the tag."
        case .readerTransceiveErrorRetryExceeded: "Too many retries have occurred."
        case .readerTransceiveErrorTagResponseError: "The tag has responded with an error."
        case .readerTransceiveErrorSessionInvalidated: "The reader session is invalid."
        case .readerTransceiveErrorTagNotConnected: "The tag isn’t in the connected state."
        case .readerTransceiveErrorPacketTooLong: "The packet length exceeds the limit supported by the tag."
        case .readerSessionInvalidationErrorUserCanceled: "The user canceled the reader session."
        case .readerSessionInvalidationErrorSessionTimeout: "The reader session timed out."
        case .readerSessionInvalidationErrorSessionTerminatedUnexpectedly: "The reader session terminated unexpectedly."
        case .readerSessionInvalidationErrorSystemIsBusy: "The reader session failed because the system is busy."
        case .readerSessionInvalidationErrorFirstNDEFTagRead: "The first NDEF tag read by this session is invalid."
        case .ndefReaderSessionErrorTagNotWritable: "The tag is not writable."
        case .ndefReaderSessionErrorTagUpdateFailure: "The reader session failed to update the tag."
        case .ndefReaderSessionErrorTagSizeTooSmall: "The tag’s memory size is too small to store the data."
        case .ndefReaderSessionErrorZeroLengthMessage: "The NDEF tag does not contain an NDEF message."
        }
    }
}

/// `catch NFCReaderError.Code.readerErrorUnsupportedFeature`, as a bridged
/// error matches its code.
public func ~= (code: NFCReaderError.Code, error: any Error) -> Bool { (error as? NFCReaderError)?.code == code }
