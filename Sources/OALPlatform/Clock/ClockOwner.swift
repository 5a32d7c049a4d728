import Foundation
import OALStore

/// The emulated OS's hold on the clock file it alone writes. The first set
/// goes through the store's `update` (a damaged file set aside, a newer
/// format refused, a killed writer's temporaries swept); every later one
/// replaces the file without reading back and decoding what the last one
/// wrote, with the same crash points (`OwnedDocumentWriter`). The device
/// sets the clock at every advance: read, decode and a fresh temporary file
/// each time were 3% of a month's profile (issue 36).
public final class ClockOwner {
    private let writer: OwnedDocumentWriter<ClockState>

    init(file: DocumentFile<ClockState>) { writer = OwnedDocumentWriter(file: file) }

    /// Sets the clock; a zone the calendar cannot use is refused unwritten.
    public func set(_ state: ClockState) throws {
        _ = try state.calendar()
        try writer.write(state)
    }
}
