// Apple's framework re-exports Foundation (its headers import it), so guest
// files that import only SwiftData still see Date, UUID, Predicate, ...
@_exported import Foundation
@_exported import Observation
