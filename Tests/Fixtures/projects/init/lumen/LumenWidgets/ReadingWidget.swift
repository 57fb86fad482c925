import SwiftUI
import WidgetKit

struct ReadingWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "reading", provider: ReadingProvider()) { _ in Text("Reading") }
    }
}
