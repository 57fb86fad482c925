import SwiftUI

@main
struct SplitApp {}

extension SplitApp: App {
    var body: some Scene {
        mainScene
    }
}

extension SplitApp {
    @SceneBuilder
    var mainScene: some Scene {
        WindowGroup { ContentView() }
        DocumentGroup(newDocument: NoteDocument()) { file in
            NoteEditor(document: file.$document)
        }
    }
}

struct ContentView: View {
    // A `Settings` here is a view, not a scene: this body builds no scenes.
    var body: some View {
        Settings()
    }
}
