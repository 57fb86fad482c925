import SwiftUI

struct PebbleRootView: View {
    var body: some View {
        Text("Pebbles")
    }
}
