// Apple's OSLog framework re-exports `os` (its `Logger`, `OSLogType`,
// `OSLogMessage`), so a file importing only OSLog logs as one importing os
// does. Reading the log store back (`OSLogStore`) is not emulated: it does
// not compile, and the build names it.
@_exported import Foundation
@_exported import os
