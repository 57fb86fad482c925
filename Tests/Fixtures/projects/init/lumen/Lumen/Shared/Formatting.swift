import Foundation

enum Formatting {
    static func pages(_ count: Int) -> String { "\(count) pages" }
}
