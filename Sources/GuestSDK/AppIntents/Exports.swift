// As on Apple platforms, importing AppIntents brings Foundation's types
// (`Date`, `URL`) and LocalizedStringResource with it.
@_exported import Foundation
@_exported import GuestFoundation
