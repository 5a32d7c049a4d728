import Foundation

/// A titled group of presets in the New Rule gallery.
public struct RulePresetSection: Hashable, Sendable, Identifiable {
    public var title: String
    public var subtitle: String
    public var presets: [RulePreset]

    public var id: String { title }
}
