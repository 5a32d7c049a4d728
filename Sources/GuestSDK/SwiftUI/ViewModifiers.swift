import Foundation

// SwiftUI's built-in view modifiers with Apple's signatures. Each returns
// the view with the modifier recorded by name. The closures a modifier
// takes (`onAppear`, `sheet`'s content) are kept by SwiftUI to call when
// the view appears or is tapped; nothing appears here, so none is called.

extension View {
    // MARK: Layout

    public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View { modified("padding") }
    public func padding(_ length: CGFloat) -> some View { modified("padding") }
    public func padding(_ insets: EdgeInsets) -> some View { modified("padding") }
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View {
        modified("frame")
    }
    public func frame(
        minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil, minHeight: CGFloat? = nil,
        idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil, alignment: Alignment = .center
    ) -> some View { modified("frame") }
    public func fixedSize() -> some View { modified("fixedSize") }
    public func fixedSize(horizontal: Bool, vertical: Bool) -> some View { modified("fixedSize") }
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> some View { modified("offset") }
    public func offset(_ offset: CGSize) -> some View { modified("offset") }
    public func position(x: CGFloat = 0, y: CGFloat = 0) -> some View { modified("position") }
    public func aspectRatio(_ aspectRatio: CGFloat? = nil, contentMode: ContentMode) -> some View {
        modified("aspectRatio")
    }
    public func scaledToFit() -> some View { modified("scaledToFit") }
    public func scaledToFill() -> some View { modified("scaledToFill") }
    public func layoutPriority(_ value: Double) -> some View { modified("layoutPriority") }
    public func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all) -> some View {
        modified("ignoresSafeArea")
    }
    public func zIndex(_ value: Double) -> some View { modified("zIndex") }
    public func id<ID: Hashable>(_ id: ID) -> some View { modified("id") }
    public func tag<V: Hashable>(_ tag: V) -> some View { modified("tag") }

    // MARK: Appearance

    public func font(_ font: Font?) -> some View { modified("font") }
    public func fontWeight(_ weight: Font.Weight?) -> some View { modified("fontWeight") }
    public func fontDesign(_ design: Font.Design?) -> some View { modified("fontDesign") }
    public func bold(_ isActive: Bool = true) -> some View { modified("bold") }
    public func italic(_ isActive: Bool = true) -> some View { modified("italic") }
    public func monospacedDigit() -> some View { modified("monospacedDigit") }
    public func foregroundColor(_ color: Color?) -> some View { modified("foregroundColor") }
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View { modified("foregroundStyle") }
    public func foregroundStyle<S1: ShapeStyle, S2: ShapeStyle>(_ primary: S1, _ secondary: S2) -> some View {
        modified("foregroundStyle")
    }
    public func tint(_ tint: Color?) -> some View { modified("tint") }
    public func tint<S: ShapeStyle>(_ tint: S?) -> some View { modified("tint") }
    public func accentColor(_ accentColor: Color?) -> some View { modified("accentColor") }
    public func background<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View {
        modified("background")
    }
    public func background<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
        modified("background")
    }
    public func background<S: ShapeStyle, T: Shape>(_ style: S, in shape: T, fillStyle: FillStyle = FillStyle())
        -> some View
    { modified("background") }
    // Deprecated by Apple for the ShapeStyle and builder forms, and the one
    // a `Color` argument (a view and a style) does not pick.
    @_disfavoredOverload
    public func background<V: View>(_ background: V, alignment: Alignment = .center) -> some View {
        modified("background")
    }
    public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
        modified("overlay")
    }
    // Deprecated by Apple for the ShapeStyle and builder forms, and the one
    // a `Color` argument (a view and a style) does not pick.
    @_disfavoredOverload
    public func overlay<V: View>(_ overlay: V, alignment: Alignment = .center) -> some View { modified("overlay") }
    public func overlay<S: ShapeStyle, T: Shape>(_ style: S, in shape: T) -> some View { modified("overlay") }
    public func opacity(_ opacity: Double) -> some View { modified("opacity") }
    public func cornerRadius(_ radius: CGFloat, antialiased: Bool = true) -> some View { modified("cornerRadius") }
    public func clipShape<S: Shape>(_ shape: S, style: FillStyle = FillStyle()) -> some View { modified("clipShape") }
    public func clipped(antialiased: Bool = false) -> some View { modified("clipped") }
    public func mask<V: View>(alignment: Alignment = .center, @ViewBuilder _ mask: () -> V) -> some View {
        modified("mask")
    }
    public func shadow(
        color: Color = Color(.sRGBLinear, white: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0
    )
        -> some View
    { modified("shadow") }
    public func blur(radius: CGFloat, opaque: Bool = false) -> some View { modified("blur") }
    public func brightness(_ amount: Double) -> some View { modified("brightness") }
    public func saturation(_ amount: Double) -> some View { modified("saturation") }
    public func grayscale(_ amount: Double) -> some View { modified("grayscale") }
    public func blendMode(_ blendMode: BlendMode) -> some View { modified("blendMode") }
    public func scaleEffect(_ scale: CGFloat, anchor: UnitPoint = .center) -> some View { modified("scaleEffect") }
    public func scaleEffect(x: CGFloat = 1, y: CGFloat = 1, anchor: UnitPoint = .center) -> some View {
        modified("scaleEffect")
    }
    public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> some View { modified("rotationEffect") }
    public func rotation3DEffect(
        _ angle: Angle, axis: (x: CGFloat, y: CGFloat, z: CGFloat), anchor: UnitPoint = .center,
        anchorZ: CGFloat = 0, perspective: CGFloat = 1
    ) -> some View { modified("rotation3DEffect") }
    public func lineLimit(_ number: Int?) -> some View { modified("lineLimit") }
    public func lineLimit(_ number: Int, reservesSpace: Bool) -> some View { modified("lineLimit") }
    public func lineSpacing(_ lineSpacing: CGFloat) -> some View { modified("lineSpacing") }
    public func multilineTextAlignment(_ alignment: TextAlignment) -> some View { modified("multilineTextAlignment") }
    public func minimumScaleFactor(_ factor: CGFloat) -> some View { modified("minimumScaleFactor") }
    public func allowsTightening(_ flag: Bool) -> some View { modified("allowsTightening") }
    public func truncationMode(_ mode: Text.TruncationMode) -> some View { modified("truncationMode") }
    public func textCase(_ textCase: Text.Case?) -> some View { modified("textCase") }
    public func kerning(_ kerning: CGFloat) -> some View { modified("kerning") }
    public func tracking(_ tracking: CGFloat) -> some View { modified("tracking") }
    public func preferredColorScheme(_ colorScheme: ColorScheme?) -> some View { modified("preferredColorScheme") }
    public func symbolRenderingMode(_ mode: SymbolRenderingMode?) -> some View { modified("symbolRenderingMode") }
    public func imageScale(_ scale: Image.Scale) -> some View { modified("imageScale") }
    public func hidden() -> some View { modified("hidden") }
    public func redacted(reason: RedactionReasons) -> some View { modified("redacted") }

    // MARK: Styles

    public func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> some View { modified("buttonStyle") }
    public func pickerStyle<S: PickerStyle>(_ style: S) -> some View { modified("pickerStyle") }
    public func toggleStyle<S: ToggleStyle>(_ style: S) -> some View { modified("toggleStyle") }
    public func progressViewStyle<S: ProgressViewStyle>(_ style: S) -> some View { modified("progressViewStyle") }
    public func listStyle<S: ListStyle>(_ style: S) -> some View { modified("listStyle") }
    public func textFieldStyle<S: TextFieldStyle>(_ style: S) -> some View { modified("textFieldStyle") }
    public func labelStyle<S: LabelStyle>(_ style: S) -> some View { modified("labelStyle") }
    public func labelsHidden() -> some View { modified("labelsHidden") }
    public func controlSize(_ controlSize: ControlSize) -> some View { modified("controlSize") }
    public func buttonBorderShape(_ shape: ButtonBorderShape) -> some View { modified("buttonBorderShape") }
    public func listRowInsets(_ insets: EdgeInsets?) -> some View { modified("listRowInsets") }
    public func listRowBackground<V: View>(_ view: V?) -> some View { modified("listRowBackground") }
    public func listRowSeparator(_ visibility: Visibility, edges: VerticalEdge.Set = .all) -> some View {
        modified("listRowSeparator")
    }
    public func scrollContentBackground(_ visibility: Visibility) -> some View { modified("scrollContentBackground") }
    public func scrollIndicators(_ visibility: ScrollIndicatorVisibility, axes: Axis.Set = [.vertical, .horizontal])
        -> some View
    { modified("scrollIndicators") }
    public func glassEffect() -> some View { modified("glassEffect") }

    // MARK: Animation

    public func animation<V: Equatable>(_ animation: Animation?, value: V) -> some View { modified("animation") }
    public func transition(_ transition: AnyTransition) -> some View { modified("transition") }
    public func contentTransition(_ transition: ContentTransition) -> some View { modified("contentTransition") }
    public func sensoryFeedback<T: Equatable>(_ feedback: SensoryFeedback, trigger: T) -> some View {
        modified("sensoryFeedback")
    }
    public func sensoryFeedback<T: Equatable>(
        _ feedback: SensoryFeedback, trigger: T, condition: @escaping (T, T) -> Bool
    )
        -> some View
    { modified("sensoryFeedback") }
    public func symbolEffect<E>(_ effect: E, options: SymbolEffectOptions = .default, isActive: Bool = true)
        -> some View
    { modified("symbolEffect") }
    public func symbolEffect<E, U: Equatable>(_ effect: E, options: SymbolEffectOptions = .default, value: U)
        -> some View
    { modified("symbolEffect") }

    // MARK: Interaction

    public func disabled(_ disabled: Bool) -> some View { modified("disabled") }
    public func allowsHitTesting(_ enabled: Bool) -> some View { modified("allowsHitTesting") }
    public func contentShape<S: Shape>(_ shape: S, eoFill: Bool = false) -> some View { modified("contentShape") }
    public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> some View {
        modified("onTapGesture")
    }
    public func onLongPressGesture(minimumDuration: Double = 0.5, perform action: @escaping () -> Void) -> some View {
        modified("onLongPressGesture")
    }
    public func gesture<G>(_ gesture: G) -> some View { modified("gesture") }
    public func simultaneousGesture<G>(_ gesture: G) -> some View { modified("simultaneousGesture") }
    public func focused(_ condition: Binding<Bool>) -> some View { modified("focused") }
    public func keyboardType(_ type: UIKeyboardType) -> some View { modified("keyboardType") }
    public func textInputAutocapitalization(_ autocapitalization: TextInputAutocapitalization?) -> some View {
        modified("textInputAutocapitalization")
    }
    public func autocorrectionDisabled(_ disable: Bool = true) -> some View { modified("autocorrectionDisabled") }
    public func submitLabel(_ submitLabel: SubmitLabel) -> some View { modified("submitLabel") }
    public func onSubmit(of triggers: SubmitTriggers = .text, _ action: @escaping () -> Void) -> some View {
        modified("onSubmit")
    }
    public func refreshable(action: @escaping @Sendable () async -> Void) -> some View { modified("refreshable") }
    public func swipeActions<T: View>(
        edge: HorizontalEdge = .trailing, allowsFullSwipe: Bool = true, @ViewBuilder content: () -> T
    ) -> some View { modified("swipeActions") }
    public func contextMenu<M: View>(@ViewBuilder menuItems: () -> M) -> some View { modified("contextMenu") }

    // MARK: Life cycle

    public func onAppear(perform action: (() -> Void)? = nil) -> some View { modified("onAppear") }
    public func onDisappear(perform action: (() -> Void)? = nil) -> some View { modified("onDisappear") }
    public func task(priority: TaskPriority = .userInitiated, _ action: @escaping @Sendable () async -> Void)
        -> some View
    { modified("task") }
    public func task<T: Equatable>(
        id value: T, priority: TaskPriority = .userInitiated, _ action: @escaping @Sendable () async -> Void
    ) -> some View { modified("task") }
    public func onChange<V: Equatable>(of value: V, perform action: @escaping (V) -> Void) -> some View {
        modified("onChange")
    }
    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping (V, V) -> Void)
        -> some View
    { modified("onChange") }
    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping () -> Void) -> some View
    { modified("onChange") }
    public func onOpenURL(perform action: @escaping (URL) -> Void) -> some View { modified("onOpenURL") }

    // MARK: Presentation

    public func sheet<Content: View>(
        isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content
    ) -> some View { modified("sheet") }
    public func sheet<Item: Identifiable, Content: View>(
        item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View { modified("sheet") }
    public func fullScreenCover<Content: View>(
        isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content
    ) -> some View { modified("fullScreenCover") }
    public func fullScreenCover<Item: Identifiable, Content: View>(
        item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View { modified("fullScreenCover") }
    public func popover<Content: View>(
        isPresented: Binding<Bool>, attachmentAnchor: PopoverAttachmentAnchor = .rect(.bounds),
        arrowEdge: Edge? = nil, @ViewBuilder content: @escaping () -> Content
    ) -> some View { modified("popover") }
    public func alert<S: StringProtocol, A: View>(
        _ title: S, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A
    ) -> some View { modified("alert") }
    public func alert<S: StringProtocol, A: View, M: View>(
        _ title: S, isPresented: Binding<Bool>, @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M
    ) -> some View { modified("alert") }
    public func alert<S: StringProtocol, A: View, M: View, T>(
        _ title: S, isPresented: Binding<Bool>, presenting data: T?, @ViewBuilder actions: (T) -> A,
        @ViewBuilder message: (T) -> M
    ) -> some View { modified("alert") }
    public func confirmationDialog<S: StringProtocol, A: View>(
        _ title: S, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
        @ViewBuilder actions: () -> A
    ) -> some View { modified("confirmationDialog") }
    public func confirmationDialog<S: StringProtocol, A: View, M: View>(
        _ title: S, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
        @ViewBuilder actions: () -> A, @ViewBuilder message: () -> M
    ) -> some View { modified("confirmationDialog") }
    public func presentationDetents(_ detents: Set<PresentationDetent>) -> some View {
        modified("presentationDetents")
    }
    public func presentationDetents(_ detents: Set<PresentationDetent>, selection: Binding<PresentationDetent>)
        -> some View
    { modified("presentationDetents") }
    public func presentationDragIndicator(_ visibility: Visibility) -> some View {
        modified("presentationDragIndicator")
    }
    public func presentationCornerRadius(_ cornerRadius: CGFloat?) -> some View {
        modified("presentationCornerRadius")
    }
    public func presentationBackground<S: ShapeStyle>(_ style: S) -> some View { modified("presentationBackground") }
    public func presentationBackgroundInteraction(_ interaction: PresentationBackgroundInteraction) -> some View {
        modified("presentationBackgroundInteraction")
    }
    public func interactiveDismissDisabled(_ isDisabled: Bool = true) -> some View {
        modified("interactiveDismissDisabled")
    }

    // MARK: Navigation

    public func navigationTitle<S: StringProtocol>(_ title: S) -> some View { modified("navigationTitle") }
    public func navigationTitle(_ title: Text) -> some View { modified("navigationTitle") }
    public func navigationBarTitleDisplayMode(_ displayMode: NavigationBarItem.TitleDisplayMode) -> some View {
        modified("navigationBarTitleDisplayMode")
    }
    public func navigationBarBackButtonHidden(_ hidesBackButton: Bool = true) -> some View {
        modified("navigationBarBackButtonHidden")
    }
    public func navigationDestination<D: Hashable, C: View>(
        for data: D.Type, @ViewBuilder destination: @escaping (D) -> C
    ) -> some View { modified("navigationDestination") }
    public func navigationDestination<V: View>(
        isPresented: Binding<Bool>, @ViewBuilder destination: () -> V
    ) -> some View { modified("navigationDestination") }
    public func toolbar<Content: View>(@ViewBuilder content: () -> Content) -> some View { modified("toolbar") }
    public func toolbar(_ visibility: Visibility, for bars: ToolbarPlacement...) -> some View { modified("toolbar") }
    public func toolbarBackground(_ visibility: Visibility, for bars: ToolbarPlacement...) -> some View {
        modified("toolbarBackground")
    }

    // MARK: Environment

    public func environmentObject<T: ObservableObject>(_ object: T) -> some View { modified("environmentObject") }
    public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View {
        modified("environment")
    }
    public func environment<T: AnyObject>(_ object: T?) -> some View { modified("environment") }

    // MARK: Accessibility

    public func accessibilityLabel<S: StringProtocol>(_ label: S) -> some View { modified("accessibilityLabel") }
    public func accessibilityLabel(_ label: Text) -> some View { modified("accessibilityLabel") }
    public func accessibilityHint<S: StringProtocol>(_ hint: S) -> some View { modified("accessibilityHint") }
    public func accessibilityValue<S: StringProtocol>(_ value: S) -> some View { modified("accessibilityValue") }
    public func accessibilityHidden(_ hidden: Bool) -> some View { modified("accessibilityHidden") }
    public func accessibilityIdentifier(_ identifier: String) -> some View { modified("accessibilityIdentifier") }
    public func accessibilityAddTraits(_ traits: AccessibilityTraits) -> some View {
        modified("accessibilityAddTraits")
    }
    public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> some View {
        modified("accessibilityElement")
    }
}
