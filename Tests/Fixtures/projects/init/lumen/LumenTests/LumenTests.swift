import Testing

@testable import Lumen

struct LumenTests {
    @Test func opensBooks() {}
}
