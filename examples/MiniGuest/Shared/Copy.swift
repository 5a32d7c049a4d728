import Foundation

enum Copy {
    static func text(_ key: String) -> String {
        String(localized: LocalizedStringResource(String.LocalizationValue(key), table: "Mini"))
    }
}
