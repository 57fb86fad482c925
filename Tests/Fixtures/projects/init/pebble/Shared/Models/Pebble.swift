import Foundation

struct Pebble: Identifiable {
    var id: Int
}
