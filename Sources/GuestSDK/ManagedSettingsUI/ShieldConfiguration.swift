import ManagedSettings
import UIKit

/// What a shield shows. The emulated shield renders the text; colours and
/// blur are kept for `--json` and otherwise ignored.
public struct ShieldConfiguration: Hashable, Sendable {
    public struct Label: Hashable, Sendable {
        public var text: String
        public var color: UIColor

        public init(text: String, color: UIColor) {
            self.text = text
            self.color = color
        }
    }

    public var backgroundBlurStyle: UIBlurEffect.Style?
    public var backgroundColor: UIColor?
    /// The shield's icon; an emulated image is what was drawn into it.
    public var icon: UIImage?
    public var title: Label?
    public var subtitle: Label?
    public var primaryButtonLabel: Label?
    public var primaryButtonBackgroundColor: UIColor?
    public var secondaryButtonLabel: Label?

    public init(
        backgroundBlurStyle: UIBlurEffect.Style? = nil, backgroundColor: UIColor? = nil, icon: UIImage? = nil,
        title: Label? = nil,
        subtitle: Label? = nil, primaryButtonLabel: Label? = nil, primaryButtonBackgroundColor: UIColor? = nil,
        secondaryButtonLabel: Label? = nil
    ) {
        self.backgroundBlurStyle = backgroundBlurStyle
        self.backgroundColor = backgroundColor
        self.icon = icon
        self.title = title
        self.subtitle = subtitle
        self.primaryButtonLabel = primaryButtonLabel
        self.primaryButtonBackgroundColor = primaryButtonBackgroundColor
        self.secondaryButtonLabel = secondaryButtonLabel
    }
}

/// The ShieldConfiguration extension's principal class; the guest
/// subclasses it. The defaults answer the system's plain shield.
open class ShieldConfigurationDataSource {
    public init() {}

    open func configuration(shielding application: Application) -> ShieldConfiguration { ShieldConfiguration() }

    open func configuration(shielding application: Application, in category: ActivityCategory)
        -> ShieldConfiguration
    {
        ShieldConfiguration()
    }

    open func configuration(shielding webDomain: WebDomain) -> ShieldConfiguration { ShieldConfiguration() }

    open func configuration(shielding webDomain: WebDomain, in category: ActivityCategory) -> ShieldConfiguration {
        ShieldConfiguration()
    }
}
