import Foundation
import OALScenario

/// Why a read-only question to the app (`oal-app --untraced ...`) gave no
/// answer; the oracle judges that instant without it.
package struct AppQueryFailure: Error, CustomStringConvertible {
    package var command: String
    package var status: String
    package var detail: String

    package init(command: String, status: String, detail: String) {
        self.command = command
        self.status = status
        self.detail = detail
    }

    package var description: String { "oal-app \(command) \(status): \(detail)" }
}
