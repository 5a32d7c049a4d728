// The named styles of controls (`.buttonStyle(.plain)`), kept by name.

public protocol PrimitiveButtonStyle: Sendable {}
public protocol ButtonStyle: Sendable {}

public struct NamedButtonStyle: PrimitiveButtonStyle, ButtonStyle, Hashable {
    let name: String
}

extension PrimitiveButtonStyle where Self == NamedButtonStyle {
    public static var automatic: NamedButtonStyle { NamedButtonStyle(name: "automatic") }
    public static var plain: NamedButtonStyle { NamedButtonStyle(name: "plain") }
    public static var borderless: NamedButtonStyle { NamedButtonStyle(name: "borderless") }
    public static var bordered: NamedButtonStyle { NamedButtonStyle(name: "bordered") }
    public static var borderedProminent: NamedButtonStyle { NamedButtonStyle(name: "borderedProminent") }
    public static var glass: NamedButtonStyle { NamedButtonStyle(name: "glass") }
    public static var glassProminent: NamedButtonStyle { NamedButtonStyle(name: "glassProminent") }
}

public protocol PickerStyle: Sendable {}
public struct NamedPickerStyle: PickerStyle, Hashable { let name: String }
extension PickerStyle where Self == NamedPickerStyle {
    public static var automatic: NamedPickerStyle { NamedPickerStyle(name: "automatic") }
    public static var segmented: NamedPickerStyle { NamedPickerStyle(name: "segmented") }
    public static var menu: NamedPickerStyle { NamedPickerStyle(name: "menu") }
    public static var wheel: NamedPickerStyle { NamedPickerStyle(name: "wheel") }
    public static var inline: NamedPickerStyle { NamedPickerStyle(name: "inline") }
    public static var navigationLink: NamedPickerStyle { NamedPickerStyle(name: "navigationLink") }
    public static var palette: NamedPickerStyle { NamedPickerStyle(name: "palette") }
}

public protocol ToggleStyle: Sendable {}
public struct NamedToggleStyle: ToggleStyle, Hashable { let name: String }
extension ToggleStyle where Self == NamedToggleStyle {
    public static var automatic: NamedToggleStyle { NamedToggleStyle(name: "automatic") }
    public static var `switch`: NamedToggleStyle { NamedToggleStyle(name: "switch") }
    public static var button: NamedToggleStyle { NamedToggleStyle(name: "button") }
}

public protocol ProgressViewStyle: Sendable {}
public struct CircularProgressViewStyle: ProgressViewStyle {
    public init() {}
    public init(tint: Color) {}
}
public struct LinearProgressViewStyle: ProgressViewStyle {
    public init() {}
    public init(tint: Color) {}
}
extension ProgressViewStyle where Self == LinearProgressViewStyle {
    public static var linear: LinearProgressViewStyle { LinearProgressViewStyle() }
}

public protocol ListStyle: Sendable {}
public struct NamedListStyle: ListStyle, Hashable { let name: String }
extension ListStyle where Self == NamedListStyle {
    public static var automatic: NamedListStyle { NamedListStyle(name: "automatic") }
    public static var plain: NamedListStyle { NamedListStyle(name: "plain") }
    public static var insetGrouped: NamedListStyle { NamedListStyle(name: "insetGrouped") }
    public static var grouped: NamedListStyle { NamedListStyle(name: "grouped") }
    public static var inset: NamedListStyle { NamedListStyle(name: "inset") }
    public static var sidebar: NamedListStyle { NamedListStyle(name: "sidebar") }
}

public protocol TextFieldStyle: Sendable {}
public struct NamedTextFieldStyle: TextFieldStyle, Hashable { let name: String }
extension TextFieldStyle where Self == NamedTextFieldStyle {
    public static var automatic: NamedTextFieldStyle { NamedTextFieldStyle(name: "automatic") }
    public static var plain: NamedTextFieldStyle { NamedTextFieldStyle(name: "plain") }
    public static var roundedBorder: NamedTextFieldStyle { NamedTextFieldStyle(name: "roundedBorder") }
}

public protocol LabelStyle: Sendable {}
public struct NamedLabelStyle: LabelStyle, Hashable { let name: String }
extension LabelStyle where Self == NamedLabelStyle {
    public static var automatic: NamedLabelStyle { NamedLabelStyle(name: "automatic") }
    public static var iconOnly: NamedLabelStyle { NamedLabelStyle(name: "iconOnly") }
    public static var titleOnly: NamedLabelStyle { NamedLabelStyle(name: "titleOnly") }
    public static var titleAndIcon: NamedLabelStyle { NamedLabelStyle(name: "titleAndIcon") }
}
