import SwiftUI

@main
struct StudioApp: App {
    var body: some Scene {
        WindowGroup("Inspector", id: "inspector") {
            InspectorView()
        }
        WindowGroup { MainView() }
    }
}

struct InspectorView: View {
    var body: some View { Text("Inspector") }
}

struct MainView: View {
    var body: some View { Text("Main") }
}
