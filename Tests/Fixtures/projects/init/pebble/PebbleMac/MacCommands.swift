import SwiftUI

struct MacCommands: Commands {
    var body: some Commands {
        CommandMenu("Pebbles") {}
    }
}
