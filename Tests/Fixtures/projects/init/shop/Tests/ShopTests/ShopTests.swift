import XCTest

final class ShopTests: XCTestCase {
    func testNothing() {}
}
