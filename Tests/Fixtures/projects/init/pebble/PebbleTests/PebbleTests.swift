import Testing

struct PebbleTests {
    @Test func counts() {}
}
