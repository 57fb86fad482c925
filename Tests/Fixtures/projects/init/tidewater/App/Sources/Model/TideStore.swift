import Foundation
import Observation

@Observable
final class TideStore {
    var tides: [Tide] = []
    var selected: String?

    func open(_ url: URL) {
        selected = url.host
    }
}
