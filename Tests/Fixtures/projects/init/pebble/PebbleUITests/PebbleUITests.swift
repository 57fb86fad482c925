import XCTest

final class PebbleUITests: XCTestCase {
    func testLaunch() {}
}
