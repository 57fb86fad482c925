import SwiftUI
import WidgetKit

@main
struct PebbleWidgets: WidgetBundle {
    var body: some Widget {
        PebbleWidget()
    }
}

struct PebbleWidget: Widget {
    var body: some WidgetConfiguration {
        EmptyWidgetConfiguration()
    }
}
