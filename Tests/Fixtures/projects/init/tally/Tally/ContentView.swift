import SwiftUI

struct ContentView: View {
    @State private var count = 0

    var body: some View {
        CounterView(count: $count)
            .overlay(alignment: .bottom) { ToastOverlay(text: "Saved") }
    }
}

/// The app's own toast: a banner-like type announce init reports.
struct ToastOverlay: View {
    var text: String

    var body: some View { Text(text).padding() }
}
