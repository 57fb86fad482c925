#if canImport(SwiftUI)
    import SwiftUI

    /// Its content as it is when it fits the height it is offered, else in a vertical scroll view, so that
    /// text at the largest Dynamic Type sizes is read to its end rather than cut off
    /// (``BannerLayout/scrollsText``); without `scrolls`, the content as it is.
    @MainActor
    struct ScrollingWhenTall<Content: View>: View {
        let scrolls: Bool
        @ViewBuilder let content: () -> Content

        var body: some View {
            if scrolls {
                ViewThatFits(in: .vertical) {
                    content()
                    ScrollView(.vertical) { content() }
                }
            } else {
                content()
            }
        }
    }
#endif
