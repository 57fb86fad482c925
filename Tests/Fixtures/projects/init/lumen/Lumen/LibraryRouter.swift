import Foundation
import Observation

/// Opens `lumen://book/ID` links.
@Observable
final class LibraryRouter {
    var selectedBook: String?

    func open(_ url: URL) {
        guard url.scheme == "lumen", url.host == "book" else { return }
        selectedBook = url.lastPathComponent
    }
}
