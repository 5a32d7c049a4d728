import Foundation
import SwiftUI
import Testing

/// SwiftUI's views as the stand-in has them (docs/GUEST.md, "SwiftUI"):
/// an app's view types and the values its logic returns as `(any View)?`
/// compile against Apple's signatures, and the property wrappers keep
/// state as SwiftUI does before a view is installed. Nothing is drawn.
@MainActor
@Suite("SwiftUI views")
struct SwiftUIViewTests {
    /// A view of the shape Foqos's strategies return: a closure the view
    /// keeps is what a confirming tap calls.
    struct DurationPicker: View {
        @State private var minutes: Double = 60
        @Environment(\.dismiss) private var dismiss
        let onPicked: (Int) -> Void

        var body: some View {
            VStack(alignment: .leading, spacing: 12) {
                Text("Timer").font(.title2).bold()
                Slider(value: $minutes, in: 15...1439, step: 5)
                    .tint(.purple)
                if minutes > 60 {
                    Text("long").foregroundStyle(.secondary)
                } else {
                    Spacer()
                }
                Button("Set") { confirm() }
                    .buttonStyle(.borderedProminent)
            }
            .padding(.top, 16)
            .frame(maxWidth: .infinity, alignment: .leading)
            .sensoryFeedback(.selection, trigger: minutes)
        }

        func confirm() {
            onPicked(Int(minutes))
            dismiss()
        }
    }

    /// Apple's State: "SwiftUI manages the property's storage"; before a
    /// view is installed a read is the initial value and a write is kept.
    /// A `Binding` reads and writes through to it, members included.
    @Test func stateKeepsWritesAndABindingWritesThrough() {
        struct Settings { var minutes = 15 }
        @State var settings = Settings()
        let minutes = $settings.minutes
        #expect(minutes.wrappedValue == 15)
        minutes.wrappedValue = 45
        #expect(settings.minutes == 45)
        withAnimation(.spring(response: 0.3, dampingFraction: 0.7)) { settings.minutes = 60 }
        #expect(minutes.wrappedValue == 60)
        #expect(Binding.constant(3).wrappedValue == 3)
    }

    /// A strategy's `startBlocking` returns `(any View)?`: the view is a
    /// value whose kept closure runs when called, and dismissing a view
    /// that is not presented does nothing (Apple's DismissAction).
    @Test func aViewIsAValueWhoseClosuresRunWhenCalled() {
        var picked: [Int] = []
        let view: (any View)? = DurationPicker(onPicked: { picked.append($0) })
        (view as? DurationPicker)?.confirm()
        #expect(picked == [60])
    }

    /// `Text` joins with `+` and keeps what it says, through its modifiers.
    @Test func textsJoinAndKeepTheirWords() {
        let text = Text("Stop").bold() + Text(" in 5m").font(.caption)
        #expect(text.description == "Stop in 5m")
    }

    /// A `ViewBuilder` block of several children is a `TupleView` of them,
    /// an `if` without `else` an optional, `if`/`else` a conditional.
    @Test func aBuilderBlockKeepsItsChildren() {
        @ViewBuilder func block(_ flag: Bool)
            -> TupleView<(Text, Text?, _ConditionalContent<Image, Divider>)>
        {
            Text("a")
            if flag { Text("b") }
            if flag { Image(systemName: "lock") } else { Divider() }
        }
        let built = block(true)
        #expect(built.value.0.description == "a")
        #expect(built.value.1?.description == "b")
        if case .trueContent = built.value.2.storage {} else { Issue.record("expected the true branch") }
    }

    /// Apple's UIApplication.open: the completion gets false when the URL
    /// could not be opened. A URL an installed app answers opens (its
    /// scheme, a universal link whose host it claims, or Safari for a web
    /// link no app claims, unless only universal links may open); the
    /// device has no Settings app. Every request is kept to be seen.
    @Test func openingAURLNobodyAnswersIsRefusedAndKept() {
        let settings = URL(string: UIApplication.openSettingsURLString)!
        var opened: [Bool] = []
        UIApplication.shared.open(settings) { opened.append($0) }
        EnvironmentValues().openURL(URL(string: "https://www.foqos.app")!) { opened.append($0) }
        UIApplication.shared.open(URL(string: "instagram://")!) { opened.append($0) }
        UIApplication.shared.open(URL(string: "instagram://")!, options: [.universalLinksOnly: true]) {
            opened.append($0)
        }
        UIApplication.shared.open(URL(string: "https://www.instagram.com")!, options: [.universalLinksOnly: true]) {
            opened.append($0)
        }
        #expect(opened == [false, true, true, false, true])
        var universalOnly: [Bool] = []
        UIApplication.shared.open(URL(string: "https://www.foqos.app")!, options: [.universalLinksOnly: true]) {
            universalOnly.append($0)
        }
        #expect(universalOnly == [false])
        #expect(
            UIApplication.shared.openRequests.suffix(6).dropLast().map(\.absoluteString) == [
                "app-settings:", "https://www.foqos.app", "instagram://", "instagram://", "https://www.instagram.com",
            ])
        #expect(UIApplication.shared.canOpenURL(URL(string: "youtube://watch")!))
        #expect(!UIApplication.shared.canOpenURL(settings))
    }
}
