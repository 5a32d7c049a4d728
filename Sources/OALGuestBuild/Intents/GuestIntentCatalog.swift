import Foundation

/// The App Intents an app declares: each `struct`, `class` or `enum` whose
/// inheritance clause names `AppIntent` or one of its refinements, found
/// in the app's sources without compiling them: the intents a Shortcuts
/// automation could run (`oal-device guest intents` compiles them).
public struct GuestIntentCatalog: Sendable, Equatable {
    public struct Intent: Sendable, Equatable {
        /// The type's name (`StartProfileIntent`).
        public var name: String
        /// The file that declares it, relative to the checkout.
        public var file: String
    }

    public var intents: [Intent]

    /// The protocols that make a type an intent the runtime can run.
    static let intentProtocols: Set<String> = [
        "AppIntent", "LiveActivityIntent", "ForegroundContinuableIntent", "AudioPlaybackIntent",
        "AudioRecordingIntent", "WidgetConfigurationIntent", "ControlConfigurationIntent", "SetFocusFilterIntent",
    ]

    public static func scan(_ sources: [(path: String, text: String)]) -> GuestIntentCatalog {
        var intents: [Intent] = []
        for (path, text) in sources where SwiftImports.modules(in: text).contains("AppIntents") {
            let scanner = SwiftSourceScanner(text)
            for keyword in ["struct", "class", "enum"] {
                for position in scanner.occurrences(of: keyword) {
                    guard let (name, end) = scanner.identifier(after: position + keyword.utf8.count) else { continue }
                    guard let open = scanner.code[end...].firstIndex(of: UInt8(ascii: "{")) else { continue }
                    let header = scanner.codeText(end..<open)
                    guard let colon = header.firstIndex(of: ":") else { continue }
                    let inherited = header[header.index(after: colon)...]
                        .split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\n" || $0 == "&" })
                        .map { String($0) }
                    if inherited.contains(where: intentProtocols.contains) {
                        intents.append(Intent(name: name, file: path))
                    }
                }
            }
        }
        return GuestIntentCatalog(intents: intents.sorted { $0.name < $1.name })
    }
}
