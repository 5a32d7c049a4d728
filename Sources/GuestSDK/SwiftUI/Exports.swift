// SwiftUI on iOS re-exports Foundation, UIKit (a file importing only
// SwiftUI names `UIColor`) and Combine's `ObservableObject`.
@_exported import Combine
@_exported import Foundation
@_exported import UIKit
