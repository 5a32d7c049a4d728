import Foundation
import OALStore

/// The person's Shortcuts personal automations, as the Shortcuts app keeps
/// them: `<root>/system/shortcuts-automations.json`, in the order made. A
/// device killed and resumed finds them there, as a phone keeps them.
public struct AutomationsFile: Sendable {
    struct Document: Codable, Hashable, Sendable {
        var automations: [PersonalAutomation]
    }

    public enum Failure: Error, CustomStringConvertible, Equatable {
        case exists(String)
        case unknown(String)

        public var description: String {
            switch self {
            case .exists(let name): "an automation named '\(name)' exists already"
            case .unknown(let name): "no automation named '\(name)'"
            }
        }
    }

    private let file: DocumentFile<Document>

    /// Whether the person ever made an automation on this device: every
    /// `open` asks, and most runs make none, so one `stat` answers them
    /// without opening the file (and making its lock file).
    public static func exists(on root: DeviceRoot) -> Bool {
        FileManager.default.fileExists(atPath: root.system.appendingPathComponent(name + ".json").path)
    }

    static let name = "shortcuts-automations"

    public init(system: AppGroupContainer, observer: StoreAccessObserver? = nil) throws {
        file = try DocumentFile(
            container: system, name: Self.name, format: "oal." + Self.name, version: 1,
            observer: observer)
    }

    public func all() throws -> [PersonalAutomation] { try file.read()?.automations ?? [] }

    /// The enabled automations `trigger` runs, in the order made.
    public func triggered(by trigger: PersonalAutomation.Trigger) throws -> [PersonalAutomation] {
        try all().filter { $0.enabled && $0.trigger == trigger }
    }

    public func add(_ automation: PersonalAutomation) throws {
        try change { list in
            guard !list.contains(where: { $0.name == automation.name }) else { throw Failure.exists(automation.name) }
            list.append(automation)
        }
    }

    public func remove(_ name: String) throws {
        try change { list in
            guard list.contains(where: { $0.name == name }) else { throw Failure.unknown(name) }
            list.removeAll { $0.name == name }
        }
    }

    public func setEnabled(_ name: String, _ enabled: Bool) throws {
        try change { list in
            guard let index = list.firstIndex(where: { $0.name == name }) else { throw Failure.unknown(name) }
            list[index].enabled = enabled
        }
    }

    private func change(_ body: (inout [PersonalAutomation]) throws -> Void) throws {
        try file.update { (document: inout Document?) in
            var list = document?.automations ?? []
            try body(&list)
            document = Document(automations: list)
        }
    }
}
