import Combine
import Foundation
import GuestRuntime

/// Apple: "A collection of environment values propagated through a view
/// hierarchy." Outside one (no view is installed here), each key reads its
/// default value, as SwiftUI answers a view read before it is installed.
public struct EnvironmentValues: @unchecked Sendable {
    private var values: [ObjectIdentifier: Any] = [:]

    public init() {}

    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get { values[ObjectIdentifier(key)] as? K.Value ?? K.defaultValue }
        set { values[ObjectIdentifier(key)] = newValue }
    }

    public var dismiss: DismissAction { DismissAction() }
    public var openURL: OpenURLAction { OpenURLAction() }
    public var colorScheme: ColorScheme {
        get { self[ColorSchemeKey.self] }
        set { self[ColorSchemeKey.self] = newValue }
    }
    public var scenePhase: ScenePhase {
        get { self[ScenePhaseKey.self] }
        set { self[ScenePhaseKey.self] = newValue }
    }
    public var horizontalSizeClass: UserInterfaceSizeClass? {
        get { self[HorizontalSizeClassKey.self] }
        set { self[HorizontalSizeClassKey.self] = newValue }
    }
    public var isEnabled: Bool {
        get { self[IsEnabledKey.self] }
        set { self[IsEnabledKey.self] = newValue }
    }
    public var locale: Locale {
        get { self[LocaleKey.self] }
        set { self[LocaleKey.self] = newValue }
    }
    public var calendar: Calendar {
        get { self[CalendarKey.self] }
        set { self[CalendarKey.self] = newValue }
    }
    public var timeZone: TimeZone {
        get { self[TimeZoneKey.self] }
        set { self[TimeZoneKey.self] = newValue }
    }
}

public protocol EnvironmentKey {
    associatedtype Value
    static var defaultValue: Value { get }
}

struct ColorSchemeKey: EnvironmentKey { static let defaultValue = ColorScheme.light }
struct ScenePhaseKey: EnvironmentKey { static let defaultValue = ScenePhase.active }
struct HorizontalSizeClassKey: EnvironmentKey { static let defaultValue: UserInterfaceSizeClass? = .compact }
struct IsEnabledKey: EnvironmentKey { static let defaultValue = true }
struct LocaleKey: EnvironmentKey { static var defaultValue: Locale { .current } }
struct CalendarKey: EnvironmentKey { static var defaultValue: Calendar { DeviceCalendar.current } }
struct TimeZoneKey: EnvironmentKey { static var defaultValue: TimeZone { DeviceCalendar.current.timeZone } }

/// The calendar a view sees: the emulated device's (its time zone from
/// `<root>/system/clock.json`), since `Calendar.current` in this module is
/// the host's (the prelude's shadowing reaches only the guest's module);
/// the host's when no device is installed (a unit test of the stand-in).
enum DeviceCalendar {
    static var current: Calendar { GuestDevice.isInstalled ? GuestClock.calendar() : .current }
}

/// Apple: "A property wrapper that reads a value from a view's environment."
@propertyWrapper
public struct Environment<Value>: @unchecked Sendable {
    private let read: () -> Value

    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
        read = { EnvironmentValues()[keyPath: keyPath] }
    }

    /// An `@Observable` object placed in the environment with
    /// `.environment(object)`. There is no hierarchy to have placed one:
    /// SwiftUI stops the app when a view reads one that is missing.
    public init(_ objectType: Value.Type) where Value: AnyObject {
        read = { GuestDevice.fail("SwiftUI.Environment(\(objectType)): no view placed one in the environment") }
    }

    public var wrappedValue: Value { read() }
}

/// Apple: "A property wrapper type for an observable object that a parent
/// or ancestor view supplies." The only ancestor here is the app's root:
/// what its harness supplies (`RootEnvironment`), as the root's
/// `.environmentObject(...)` does for every view and sheet under it. Read
/// with none supplied, SwiftUI stops the app ("No ObservableObject of type
/// ... found"); so does this.
@propertyWrapper
public struct EnvironmentObject<ObjectType: ObservableObject>: @unchecked Sendable {
    public init() {}

    public var wrappedValue: ObjectType {
        guard let object = RootEnvironment.object(of: ObjectType.self) else {
            GuestDevice.fail("SwiftUI.EnvironmentObject: no ObservableObject of type \(ObjectType.self) found")
        }
        return object
    }

    public var projectedValue: ObservedObject<ObjectType>.Wrapper {
        ObservedObject.Wrapper(wrappedValue)
    }
}

/// `@Environment(\.dismiss)`: closes the presentation a view is in. No
/// view is presented on the emulated device, so there is nothing to close;
/// SwiftUI's own action does nothing in that case either.
public struct DismissAction: Sendable {
    public func callAsFunction() {}
}

/// `@Environment(\.openURL)`: opens a URL as `UIApplication.open` does.
/// The emulated device has no other app or browser to open it in, so the
/// action reports that it could not (Apple: the completion gets false).
public struct OpenURLAction: Sendable {
    @MainActor public func callAsFunction(_ url: URL) {
        UIApplication.shared.open(url)
    }

    @MainActor public func callAsFunction(_ url: URL, completion: @escaping @MainActor @Sendable (Bool) -> Void) {
        UIApplication.shared.open(url, completionHandler: completion)
    }
}

/// The objects an app's root view places in the environment of everything
/// it shows (`.environmentObject(...)` on its `WindowGroup` content), as
/// its harness supplies them (the emulator's, not Apple's API): the views a
/// presented sheet draws read them (`ViewTree`).
public enum RootEnvironment {
    nonisolated(unsafe) private static var objects: [ObjectIdentifier: AnyObject] = [:]
    private static let lock = NSLock()

    /// `object`, for every `@EnvironmentObject` of its type.
    public static func supply<Object: ObservableObject>(_ object: Object) {
        lock.withLock { objects[ObjectIdentifier(Object.self)] = object }
    }

    static func object<Object: ObservableObject>(of type: Object.Type) -> Object? {
        lock.withLock { objects[ObjectIdentifier(type)] as? Object }
    }
}
