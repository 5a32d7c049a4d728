import Foundation
import GuestRuntime

/// A schema and the store its models live in. Every context of a container
/// shares its store: an in-memory one lives as long as the container, a
/// file-backed one (`ModelConfiguration`) is shared with every process of
/// the emulated device that opens the same file.
public final class ModelContainer: @unchecked Sendable {
    public let schema: Schema
    public let configurations: [ModelConfiguration]
    let store: any ModelStore
    private let layouts: [ObjectIdentifier: ModelLayout]
    private let mainContextLock = NSLock()
    private var main: ModelContext?

    public convenience init(for givenSchema: Schema, configurations: [ModelConfiguration]) throws {
        try self.init(schema: givenSchema, configurations: configurations)
    }

    public convenience init(for givenSchema: Schema, configurations: ModelConfiguration...) throws {
        try self.init(schema: givenSchema, configurations: configurations)
    }

    public convenience init(for forTypes: any PersistentModel.Type..., configurations: ModelConfiguration...) throws {
        try self.init(schema: Schema(forTypes as [any PersistentModel.Type]), configurations: configurations)
    }

    private init(schema givenSchema: Schema, configurations: [ModelConfiguration]) throws {
        // Models named by a configuration's own schema belong to the container too.
        let types = givenSchema.entities.map(\.type) + configurations.flatMap { $0.schema?.entities.map(\.type) ?? [] }
        schema = Schema(types, version: givenSchema.version)
        let configurations = configurations.isEmpty ? [ModelConfiguration()] : configurations
        self.configurations = configurations
        guard configurations.count == 1, let configuration = configurations.first else {
            throw SwiftDataError.unsupported("a container with \(configurations.count) configurations")
        }
        if configuration.cloudKitDatabase.name != nil {
            throw SwiftDataError.unsupported("a CloudKit database (\(configuration.cloudKitDatabase.name ?? ""))")
        }
        var layouts: [ObjectIdentifier: ModelLayout] = [:]
        for entity in schema.entities {
            let layout = ModelLayout.of(entity.type)
            for field in layout.fields
            where field.attribute?.options.contains(where: { $0.kind == .transformable }) == true {
                throw SwiftDataError.unsupported("the transformable attribute \(layout.entityName).\(field.name)")
            }
            layouts[ObjectIdentifier(entity.type)] = layout
        }
        self.layouts = layouts
        store = configuration.isStoredInMemoryOnly ? MemoryModelStore() : try FileModelStore(url: configuration.url)
    }

    /// The context of the app's main actor, with autosave on: it saves at
    /// the end of each turn of the main run loop (`RunLoopTurn`).
    @MainActor public var mainContext: ModelContext {
        mainContextLock.withLock {
            if let main { return main }
            let context = ModelContext(self)
            context.autosaveEnabled = true
            main = context
            RunLoopTurn.onEnd("the main context's autosave") { try context.endOfRunLoopTurn() }
            return context
        }
    }

    /// The layout of a model of this schema; a model outside it is a
    /// programming error on iOS too (SwiftData traps).
    func layout(of type: any PersistentModel.Type) -> ModelLayout {
        guard let layout = layouts[ObjectIdentifier(type)] else {
            // Apple's containers accept a related model the schema reaches
            // through a relationship; so does this one.
            return ModelLayout.of(type)
        }
        return layout
    }
}
