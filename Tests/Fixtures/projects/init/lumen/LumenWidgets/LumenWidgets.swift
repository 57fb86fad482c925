import SwiftUI
import WidgetKit

@main
struct LumenWidgets: WidgetBundle {
    var body: some Widget {
        ReadingWidget()
    }
}
