/// The device's screen. The emulated device draws nothing, but an app's
/// layout code may ask its size (Foqos's `DeviceLayoutUtil`), so the screen
/// is one stated iPhone: an iPhone 15, 393 × 852 points at 3× (Apple's
/// Human Interface Guidelines, "Layout", device screen sizes), portrait-up
/// as `bounds` is documented for an app that has not rotated. Main-actor
/// isolated as UIKit declares it, and `@preconcurrency` as an Objective-C
/// framework is imported: a Swift 5 app reading it off the main actor
/// compiles, with a warning, as in Xcode.
@preconcurrency @MainActor
public final class UIScreen {
    /// The device's one screen (`UIScreen.main`, deprecated in iOS 16 in
    /// favour of a window scene's screen, and still answered).
    public static let main = UIScreen()

    /// In points, portrait-up.
    public let bounds = CGRect(x: 0, y: 0, width: 393, height: 852)
    /// Points to pixels.
    public let scale: CGFloat = 3
    /// In pixels, portrait-up.
    public var nativeBounds: CGRect {
        CGRect(x: 0, y: 0, width: bounds.width * scale, height: bounds.height * scale)
    }

    private init() {}
}
