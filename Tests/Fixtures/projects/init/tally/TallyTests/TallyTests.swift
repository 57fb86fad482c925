import XCTest

final class TallyTests: XCTestCase {
    func testCounts() {}
}
