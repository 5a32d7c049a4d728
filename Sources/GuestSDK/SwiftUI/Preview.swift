/// A preview's traits (`#Preview(traits: .sizeThatFitsLayout)`). The
/// `#Preview` macro itself is declared in each guest module that uses it
/// (`PreviewMacroFile`, in OALGuestBuild), so that its plugin is loaded
/// only by the guest builds that run it.
public struct PreviewTrait: Sendable {
    public static let sizeThatFitsLayout = PreviewTrait()
}
