import SwiftUI

struct RootView: View {
    var store: TideStore

    var body: some View {
        List(store.tides) { tide in Text(tide.place) }
            .overlay(alignment: .top) { SnackbarHost() }
    }
}
