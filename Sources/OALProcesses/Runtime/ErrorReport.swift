import Foundation
import OALDomain
import OALPlatform
import OALStore
import OALSystem

/// Maps any error that reaches an executable's top level to its exit code
/// and the one line printed on stderr (`oal-app: <file>: <reason>`).
///
/// The layers' errors already name their file or field in `description`;
/// this only decides the code, so every executable classifies the same
/// failure the same way.
public enum ErrorReport {
    public static func classify(_ error: any Error) -> (code: ExitCode, message: String) {
        switch error {
        case let failure as ProcessFailure:
            return (failure.code, failure.message)
        case let store as StoreError:
            switch store {
            case .newerFormat, .corrupt: return (.data, store.description)
            case .io: return (.ioError, store.description)
            case .invalidName: return (.usage, store.description)
            }
        case let clock as ClockError:
            switch clock {
            case .notSet: return (.unavailable, clock.description)
            case .unknownTimeZone: return (.data, clock.description)
            }
        case let monitoring as MonitoringError:
            return (.refused, monitoring.description)
        case let refusal as UnblockRefusal:
            return (.refused, refusal.description)
        case let listError as AppListError:
            switch listError {
            case .readOnly, .inUse: return (.refused, listError.description)
            case .unknownList: return (.notFound, listError.description)
            case .duplicateID: return (.data, listError.description)
            }
        case let validation as RuleValidationError:
            return (.usage, validation.description)
        case let errno as Errno:
            return (.ioError, "system call failed: \(errno)")
        case let decoding as DecodingError:
            return (.data, "does not decode: \(decoding)")
        case let cocoa as CocoaError:
            let path = (cocoa.userInfo[NSFilePathErrorKey] as? String) ?? cocoa.userInfo[NSURLErrorKey].map { "\($0)" }
            return (.ioError, "\(path ?? "file"): \(cocoa.localizedDescription)")
        default:
            return (.internalError, "internal error: \(String(describing: error))")
        }
    }

    /// Writes `tool: message` to stderr.
    /// Prints `tool: message`, cut after `maximumMessageCharacters`: an
    /// argument echoed in an error (a 10 MB bad token) never floods stderr.
    public static func printError(tool: String, _ message: String) {
        var text = message
        if text.count > maximumMessageCharacters {
            text = String(text.prefix(maximumMessageCharacters)) + "… (\(message.utf8.count) bytes in all)"
        }
        StandardStream.error.write("\(tool): \(text)\n")
    }

    /// The longest error line printed (multi-line reports stay readable).
    public static let maximumMessageCharacters = 2000
}
