/// The keyboard a text field asks for (`.keyboardType(.numberPad)`), with
/// UIKit's raw values.
// swift-format-ignore: AlwaysUseLowerCamelCase
public enum UIKeyboardType: Int, Sendable {
    case `default` = 0
    case URL = 3
    case numberPad = 4
    case twitter = 9
}
