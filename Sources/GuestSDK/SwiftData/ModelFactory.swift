import Foundation

/// Builds a model object from its properties' values by name, without its
/// initialiser, as a store loads a row: what the guest harness uses to hand
/// the app the user's rules as the app's own model objects, whatever its
/// initialisers look like at a given commit. Not Apple API.
///
/// A property the values do not name takes its declared default, or nil
/// when optional; one with neither is an error naming it. Values for
/// properties the model does not have are ignored (an older or newer
/// model), and a value of the wrong type is an error naming both types.
@_spi(GuestHarness)
public enum ModelFactory {
    public static func make<T: PersistentModel>(_ type: T.Type, values: [String: Any]) throws -> T {
        let layout = ModelLayout.of(type)
        var filled: [String: Any] = [:]
        for field in layout.fields {
            if case .registrar = field.role { continue }
            if let value = values[field.name] {
                guard FieldAccess.fits(value, field) else {
                    throw SwiftDataError.store(
                        "\(layout.entityName).\(field.name) is a \(field.type), not a \(Swift.type(of: value))")
                }
                filled[field.name] = value
            } else if let defaultValue = field.metadata?.defaultValue {
                filled[field.name] = defaultValue
            } else if let optional = field.type as? any ExpressibleByNilLiteral.Type {
                filled[field.name] = optional.init(nilLiteral: ())
            } else {
                throw SwiftDataError.store(
                    "\(layout.entityName).\(field.name) has no value and its declaration gives no default")
            }
        }
        guard let object = ModelAllocator.make(layout, values: filled) as? T else {
            throw SwiftDataError.unknownModel(layout.entityName)
        }
        return object
    }

    /// The model's stored properties by name, as a store would save them
    /// (a related model as itself): how the harness reads the app's rules
    /// back whatever columns a commit's model has.
    public static func values<T: PersistentModel>(of model: T) -> [String: Any] {
        var values: [String: Any] = [:]
        for field in ModelLayout.of(T.self).fields {
            if case .registrar = field.role { continue }
            values[field.name] = FieldAccess.read(model, field)
        }
        return values
    }
}
