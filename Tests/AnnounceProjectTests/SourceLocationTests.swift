import Testing

@testable import AnnounceProject

@Suite struct SourceLocationTests {
    @Test func comparesByFileAndLine() {
        #expect(SourceLocation(file: "App/App.swift", line: 3) == SourceLocation(file: "App/App.swift", line: 3))
        #expect(SourceLocation(file: "App/App.swift", line: 3) != SourceLocation(file: "App/App.swift", line: 4))
    }
}
