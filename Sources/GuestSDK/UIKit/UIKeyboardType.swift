/// The keyboard a text field asks for (`.keyboardType(.numberPad)`).
// swift-format-ignore: AlwaysUseLowerCamelCase
public enum UIKeyboardType: Int, Sendable {
    case `default`, asciiCapable, numbersAndPunctuation, URL, numberPad, phonePad, namePhonePad, emailAddress,
        decimalPad, twitter, webSearch, asciiCapableNumberPad
}
