import Foundation

/// Left out of the app by the project's exceptions: never read as the app's code.
@main
struct ScreenshotGenerator {
    static func main() {}
}
