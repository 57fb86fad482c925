import Foundation

struct Tide: Identifiable {
    var id: String { place }
    var place: String
}
