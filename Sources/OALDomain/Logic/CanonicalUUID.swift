import Foundation

/// Strict UUID text: exactly `UUID.uuidString`'s form (36 characters,
/// uppercase hex, hyphens at 8-4-4-4-12). Names built from ids must map
/// back to one id, so lowercase or braced variants are rejected rather
/// than normalised.
enum CanonicalUUID {
    static func parse(_ text: Substring) -> UUID? {
        guard text.utf8.count == 36, let id = UUID(uuidString: String(text)), id.uuidString == text else {
            return nil
        }
        return id
    }
}
