/// What `perform()` returns. The result types compose in the signature
/// (`some IntentResult & ReturnsValue<Bool> & ProvidesDialog`) and are
/// made with `.result(...)`, as on iOS.
/// https://developer.apple.com/documentation/appintents/intentresult
public protocol IntentResult: Sendable {
    /// The value and dialog the runtime reports.
    var report: IntentResultReport { get }
}

/// A result that hands a value back to Shortcuts (the next action's input).
/// https://developer.apple.com/documentation/appintents/returnsvalue
public protocol ReturnsValue<Value>: IntentResult {
    associatedtype Value
}

/// A result with a dialog the system shows or speaks.
public protocol ProvidesDialog: IntentResult {}

/// What the emulated runtime reads of any result.
public struct IntentResultReport: Sendable, Equatable {
    /// The returned value, described (`true`, `42`, an entity's title).
    public var value: String?
    public var dialog: String?
}

/// The one concrete result type; its generic parameters say which parts it
/// carries, so each `.result(...)` conforms to exactly the protocols its
/// arguments allow. `.result(opensIntent:)` is not declared: the runtime
/// runs no second intent, and a guest using it fails to compile, naming it,
/// rather than having it silently ignored.
public struct IntentResultContainer<Value, Dialog>: IntentResult, @unchecked Sendable {
    let value: Value?
    let dialog: IntentDialog?

    public var report: IntentResultReport {
        IntentResultReport(
            value: value.map(IntentValueDescription.describe), dialog: dialog?.text)
    }
}

/// The marker for "no value" and "no dialog" in a container's parameters.
public enum NoIntentPart {}

extension IntentResultContainer: ReturnsValue {}
extension IntentResultContainer: ProvidesDialog where Dialog == IntentDialog {}

extension IntentResult {
    public static func result() -> Self where Self == IntentResultContainer<NoIntentPart, NoIntentPart> {
        IntentResultContainer(value: nil, dialog: nil)
    }

    public static func result<V>(value: V) -> Self where Self == IntentResultContainer<V, NoIntentPart> {
        IntentResultContainer(value: value, dialog: nil)
    }

    public static func result(dialog: IntentDialog) -> Self
    where Self == IntentResultContainer<NoIntentPart, IntentDialog> {
        IntentResultContainer(value: nil, dialog: dialog)
    }

    public static func result<V>(value: V, dialog: IntentDialog) -> Self
    where Self == IntentResultContainer<V, IntentDialog> {
        IntentResultContainer(value: value, dialog: dialog)
    }
}

/// A returned value as the trace shows it.
enum IntentValueDescription {
    static func describe(_ value: Any) -> String {
        if let entity = value as? any AppEntity { return entity.displayRepresentation.title }
        return String(describing: value)
    }
}
