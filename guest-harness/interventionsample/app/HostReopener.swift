// The sample's `SystemAppReopener` (AppInterventionUI, `#if os(iOS)`): the
// UI target does not compile here (its open-count chart imports Charts),
// so the harness opens reopen URLs the same way: `UIApplication.open`,
// universal links only for http(s), which the emulated device answers.
import AppIntervention
import Foundation
import UIKit

@MainActor
final class HostReopener: AppReopener {
    func open(_ url: URL, universalLinksOnly: Bool) async -> Bool {
        let options: [UIApplication.OpenExternalURLOptionsKey: Any] =
            universalLinksOnly ? [.universalLinksOnly: true] : [:]
        return await UIApplication.shared.open(url, options: options)
    }
}
