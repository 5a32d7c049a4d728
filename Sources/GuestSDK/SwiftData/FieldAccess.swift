import Foundation
import Glibc
import Observation

/// Reads and writes one backing field of a model object in place, by its
/// offset and runtime type. Writes go to the backing field, not through
/// the observed accessor: they are the store's own (filling a model from a
/// row, keeping an inverse), not the app's changes.
enum FieldAccess {
    static func size(of type: Any.Type) -> Int {
        func size<T>(_: T.Type) -> Int { MemoryLayout<T>.size }
        return _openExistential(type, do: size)
    }

    /// Whether `value` can be stored in the field.
    static func fits(_ value: Any, _ field: ModelLayout.Field) -> Bool {
        func check<T>(_: T.Type) -> Bool { value is T }
        return _openExistential(field.type, do: check)
    }

    static func read(_ object: AnyObject, _ field: ModelLayout.Field) -> Any {
        let base = UnsafeMutableRawPointer(Unmanaged.passUnretained(object).toOpaque())
        func load<T>(_: T.Type) -> Any { (base + field.offset).assumingMemoryBound(to: T.self).pointee }
        return _openExistential(field.type, do: load)
    }

    /// Replaces the field's value (the old one is released).
    static func write(_ object: AnyObject, _ field: ModelLayout.Field, _ value: Any) {
        let base = UnsafeMutableRawPointer(Unmanaged.passUnretained(object).toOpaque())
        func store<T>(_: T.Type) {
            guard let typed = value as? T else {
                fatalError("SwiftData: \(type(of: object)).\(field.name) is a \(T.self), not a \(type(of: value))")
            }
            (base + field.offset).assumingMemoryBound(to: T.self).pointee = typed
        }
        _openExistential(field.type, do: store)
    }

    /// Initialises the field of freshly allocated memory (nothing to release).
    static func initialize(_ memory: UnsafeMutableRawPointer, _ field: ModelLayout.Field, _ value: Any) {
        func store<T>(_: T.Type) {
            guard let typed = value as? T else {
                fatalError("SwiftData: \(field.name) is a \(T.self), not a \(type(of: value))")
            }
            (memory + field.offset).bindMemory(to: T.self, capacity: 1).initialize(to: typed)
        }
        _openExistential(field.type, do: store)
    }
}

/// Makes a model object without running any of its initialisers, as
/// SwiftData does when it loads a row: the runtime's own allocation, then
/// every field initialised from `values` (by property name).
enum ModelAllocator {
    private typealias AllocateObject = @convention(c) (UnsafeRawPointer, Int, Int) -> UnsafeMutableRawPointer

    /// `swift_allocObject`, the runtime entry every class allocation goes
    /// through, looked up once (a direct reference is reserved to the runtime).
    private static let allocateObject: AllocateObject = {
        // A nil handle is RTLD_DEFAULT: every object loaded in the process.
        guard let symbol = dlsym(nil, "swift_allocObject") else {
            fatalError("SwiftData: the Swift runtime's swift_allocObject is not loaded")
        }
        return unsafeBitCast(symbol, to: AllocateObject.self)
    }()

    /// A new instance of the layout's class. `values` must hold a value of
    /// the field's type for every field but the registrar; the caller
    /// checked that, since a half-initialised object cannot be released.
    static func make(_ layout: ModelLayout, values: [String: Any]) -> AnyObject {
        let metadata = unsafeBitCast(layout.type as AnyClass, to: UnsafeRawPointer.self)
        let memory = allocateObject(metadata, layout.instanceSize, layout.alignmentMask)
        for field in layout.fields {
            switch field.role {
            case .registrar: FieldAccess.initialize(memory, field, ObservationRegistrar())
            default:
                guard let value = values[field.name] else {
                    fatalError("SwiftData: no value for \(layout.entityName).\(field.name) (a store bug)")
                }
                FieldAccess.initialize(memory, field, value)
            }
        }
        return Unmanaged<AnyObject>.fromOpaque(memory).takeRetainedValue()
    }
}
