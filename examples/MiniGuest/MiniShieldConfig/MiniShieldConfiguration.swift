import ManagedSettings
import ManagedSettingsUI
import UIKit

final class MiniShieldConfiguration: ShieldConfigurationDataSource {
    override func configuration(shielding application: Application) -> ShieldConfiguration {
        shield()
    }

    override func configuration(shielding application: Application, in category: ActivityCategory)
        -> ShieldConfiguration
    {
        shield()
    }

    private func shield() -> ShieldConfiguration {
        let formatter = DateFormatter()
        formatter.timeZone = TimeZone.current
        formatter.dateFormat = "HH:mm"
        return ShieldConfiguration(
            backgroundBlurStyle: .systemMaterial,
            title: .init(text: Copy.text("shield.title"), color: .label),
            subtitle: .init(text: String(format: Copy.text("shield.subtitle"), formatter.string(from: Date())), color: .secondaryLabel),
            primaryButtonLabel: .init(text: "Close", color: .white), primaryButtonBackgroundColor: .systemBlue,
            secondaryButtonLabel: .init(text: "Open", color: .systemBlue))
    }
}
