import Foundation

// The compiler plugin behind the stand-ins' macros that have no plugin in
// the toolchain: SwiftUI's `#Preview`. A macro plugin is an executable the
// compiler talks to over stdin and stdout (`-load-plugin-executable
// PATH#OALGuestMacros`): each message is a little-endian 64-bit length and
// that many bytes of JSON. swift-syntax is what plugins usually link, and
// no package may be added here, so this speaks the messages itself.
//
// `#Preview` expands to no declarations: a preview is drawn by Xcode's
// canvas and never runs in an app on a device, so the emulated device has
// nothing to do with it.

/// The macros this plugin expands, by implementation type name.
let expandsToNothing: Set<String> = ["PreviewMacro"]

func readExactly(_ count: Int) -> Data? {
    var data = Data()
    while data.count < count {
        let chunk = FileHandle.standardInput.readData(ofLength: count - data.count)
        if chunk.isEmpty { return nil }
        data.append(chunk)
    }
    return data
}

func send(_ object: [String: Any]) {
    guard let json = try? JSONSerialization.data(withJSONObject: object) else { return }
    var length = UInt64(json.count).littleEndian
    let header = withUnsafeBytes(of: &length) { Data($0) }
    FileHandle.standardOutput.write(header + json)
}

/// What a freestanding or attached expansion answers: the source, or no
/// source and an error the compiler shows at the macro's use.
func expansion(of message: [String: Any]) -> [String: Any] {
    let macro = message["macro"] as? [String: Any]
    let type = macro?["typeName"] as? String ?? "?"
    if expandsToNothing.contains(type) {
        return ["expandMacroResult": ["expandedSource": "", "diagnostics": [] as [Any]]]
    }
    let syntax = message["syntax"] as? [String: Any]
    let location = syntax?["location"] as? [String: Any] ?? [:]
    let diagnostic: [String: Any] = [
        "message": "oal-guest-macros has no macro \(type)", "severity": "error", "position": location,
        "highlights": [] as [Any], "notes": [] as [Any], "fixIts": [] as [Any],
    ]
    return ["expandMacroResult": ["diagnostics": [diagnostic]]]
}

while let header = readExactly(8) {
    let length = header.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(as: UInt64.self)) }
    guard length > 0, let body = readExactly(Int(length)),
        let message = try? JSONSerialization.jsonObject(with: body) as? [String: Any]
    else { break }
    if let request = message["getCapability"] as? [String: Any] {
        let hostVersion = (request["capability"] as? [String: Any])?["protocolVersion"] as? Int ?? 1
        send(["getCapabilityResult": ["capability": ["protocolVersion": min(hostVersion, 7)]]])
    } else if let request = message["expandFreestandingMacro"] as? [String: Any] {
        send(expansion(of: request))
    } else if let request = message["expandAttachedMacro"] as? [String: Any] {
        send(expansion(of: request))
    } else if message["loadPluginLibrary"] != nil {
        send(["loadPluginLibraryResult": ["loaded": false, "diagnostics": [] as [Any]]])
    } else {
        // An unknown request: answering nothing would hang the compiler.
        send(["expandMacroResult": ["diagnostics": [] as [Any]]])
    }
}
