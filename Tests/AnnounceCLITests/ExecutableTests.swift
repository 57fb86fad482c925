import AnnouncementTestSupport
import Foundation
import Testing

@Suite("The announce executable")
struct ExecutableTests {
    private func announce(_ arguments: [String]) async throws -> (
        status: Int32, standardOutput: String, standardError: String
    ) {
        let executable = try #require(Fixtures.announceExecutable, "the announce executable was not built")
        return try await Fixtures.run(executable, arguments)
    }

    @Test("exit status 0 for a clean feed, with the summary on stderr")
    func clean() async throws {
        let result = try await announce(["validate", "Examples/feed.json"])
        #expect(result.status == 0)
        #expect(result.standardOutput == "")
        #expect(result.standardError == "Examples/feed.json: 7 of 7 announcements usable; 0 errors, 0 warnings\n")
    }

    @Test("exit status 1 for feed errors, findings on stdout")
    func errors() async throws {
        let result = try await announce(["validate", "Tests/Fixtures/feeds/invalid/item-errors.json"])
        #expect(result.status == 1)
        #expect(result.standardOutput.split(separator: "\n").count == 3)
    }

    @Test("exit status 2 for a missing file and for a usage error")
    func usage() async throws {
        let missing = try await announce(["validate", "missing.json"])
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("cannot read 'missing.json'"))
        let unknown = try await announce(["validate", "--bogus", "Examples/feed.json"])
        #expect(unknown.status == 2)
        #expect(unknown.standardOutput == "")
    }

    @Test("schema prints the schema")
    func schema() async throws {
        let result = try await announce(["schema"])
        #expect(result.status == 0)
        #expect(
            result.standardOutput == (try String(contentsOf: Fixtures.url("docs/feed.schema.json"), encoding: .utf8)))
    }
}
