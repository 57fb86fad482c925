import SwiftUI

struct ContentView: View {
    @Environment(LibraryRouter.self) private var router

    var body: some View {
        NavigationStack {
            Text("Reading list")
        }
    }
}
