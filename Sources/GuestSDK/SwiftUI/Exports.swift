// SwiftUI re-exports Foundation, as the other framework stand-ins do.
@_exported import Foundation
