import SwiftUI

struct CounterView: View {
    @Binding var count: Int

    var body: some View {
        Button("\(count)") { count += 1 }
    }
}
