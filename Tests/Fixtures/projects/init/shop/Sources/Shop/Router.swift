import SwiftUI

final class Router: ObservableObject {
    @Published var path: [String] = []

    func handle(_ url: URL) {
        path.append(url.host ?? "")
    }
}

struct RootView: View {
    var body: some View {
        Text("Shop")
    }
}
