// Combine re-exports Foundation on Apple platforms.
@_exported import Foundation
