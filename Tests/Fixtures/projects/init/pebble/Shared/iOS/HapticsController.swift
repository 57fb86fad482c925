import Foundation

enum HapticsController {
    static func tap() {}
}
