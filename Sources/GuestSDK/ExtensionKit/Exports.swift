// ExtensionKit: what an ExtensionKit extension (a DeviceActivityReport
// extension, `EXAppExtensionAttributes` in its Info.plist) imports. Its
// entry point is the extension point's own protocol (DeviceActivity's
// `DeviceActivityReportExtension`); nothing of ExtensionKit's host API
// (`AppExtensionPoint`, `EXHostViewController`) is emulated, so a guest
// using it fails to compile, naming it. Re-exports Foundation as the
// frameworks do.
@_exported import Foundation
