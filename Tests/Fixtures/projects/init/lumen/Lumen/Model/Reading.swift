import Foundation

struct Reading: Identifiable {
    var id: String
    var title: String
}
