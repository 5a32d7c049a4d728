import GuestRuntime

// SwiftUI's views as the compiler sees them: an app's view types, the
// values its logic returns as `(any View)?`, and the closures a view
// hands to its buttons all type-check against Apple's signatures. Nothing
// is drawn: the emulated device has no screen, so a view's `body` is never
// asked for by the emulator, and a primitive view's `body` (which SwiftUI
// itself never calls either) stops the process naming it
// (docs/GUEST.md, "SwiftUI").

/// Apple: "A type that represents part of your app's user interface and
/// provides modifiers that you use to configure views."
@MainActor @preconcurrency
public protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }
}

extension Never: View {
    public var body: Never { Unrendered.body(of: "Never") }
}

/// Where a primitive view's `body` ends: SwiftUI draws these views itself
/// and never asks them for a body, and here nothing draws them.
public enum Unrendered {
    public static func body(of view: String) -> Never {
        GuestDevice.fail("SwiftUI.\(view).body: views are not rendered on the emulated device (it has no screen)")
    }
}
