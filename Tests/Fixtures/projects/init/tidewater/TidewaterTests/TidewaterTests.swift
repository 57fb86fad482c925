import Testing

struct TidewaterTests {
    @Test func opens() {}
}
