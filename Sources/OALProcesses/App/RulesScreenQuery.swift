import Foundation
import OALSystem

/// The Rules screen as the emulator's app draws it (`oal-app rules`), for
/// the oracle's side of the device, asked without starting a process.
///
/// The oracle asks after nearly every launch; as a process of its own the
/// question was most of a month's CPU (issue 36: 38% of every sample). It
/// runs the same code on the same files, untraced, so the answer is the
/// one `oal-app --untraced rules --json` prints, and the trace, the
/// stores and the launches are those of a run that never asked. A guest
/// app's screen is still asked of the guest's own process: its code is not
/// linked into the device.
public final class RulesScreenQuery {
    /// One row of the screen: what `rules --json` prints of it.
    public struct Row: Equatable, Sendable {
        public var id: String
        public var name: String
        public var subtitle: String
        public var trailing: String
        public var window: String?
        public var days: String?

        public init(id: String, name: String, subtitle: String, trailing: String, window: String?, days: String?) {
            self.id = id
            self.name = name
            self.subtitle = subtitle
            self.trailing = trailing
            self.window = window
            self.days = days
        }
    }

    private let rootPath: String
    /// Opened at the first question: the device's clock must be set first.
    private var session: AppSession?

    public init(rootPath: String) { self.rootPath = rootPath }

    /// Every rule's row, kind by kind, as the app has them now. Throws what
    /// `oal-app rules` would exit with (a store it cannot read, say).
    public func rows() throws -> [Row] {
        let session =
            try self.session
            ?? AppSession(
                context: ProcessContext(
                    tool: "oal-app", kind: .app, rootPath: rootPath, traced: false))
        self.session = session
        return try ScreenCommands.rulesScreen(session).flatMap(\.rules).map {
            Row(
                id: $0.id, name: $0.name, subtitle: $0.subtitle, trailing: $0.trailing, window: $0.window, days: $0.days
            )
        }
    }
}
