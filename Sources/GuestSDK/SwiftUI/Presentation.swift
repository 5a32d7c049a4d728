import Foundation

/// Apple: "A type that represents a height where a sheet naturally rests."
public struct PresentationDetent: Hashable, Sendable {
    let name: String
    public static let medium = PresentationDetent(name: "medium")
    public static let large = PresentationDetent(name: "large")
    public static func fraction(_ fraction: CGFloat) -> PresentationDetent {
        PresentationDetent(name: "fraction(\(fraction))")
    }
    public static func height(_ height: CGFloat) -> PresentationDetent {
        PresentationDetent(name: "height(\(height))")
    }
}

public enum PresentationBackgroundInteraction: Hashable, Sendable {
    case automatic, disabled, enabled
}

public enum NavigationBarItem {
    public enum TitleDisplayMode: Hashable, Sendable { case automatic, inline, large }
}

public enum ToolbarItemPlacement: Hashable, Sendable {
    case automatic, principal, navigation, primaryAction, confirmationAction, cancellationAction, bottomBar,
        topBarLeading, topBarTrailing, navigationBarLeading, keyboard, status
}

public enum ScenePhase: Hashable, Sendable {
    case background, inactive, active
}

/// A button's role (`.destructive`, `.cancel`).
public struct ButtonRole: Hashable, Sendable {
    let name: String
    public static let destructive = ButtonRole(name: "destructive")
    public static let cancel = ButtonRole(name: "cancel")
    public static let close = ButtonRole(name: "close")
    public static let confirm = ButtonRole(name: "confirm")
}
