import AnnounceCLI
import AnnouncementKit
import AnnouncementTestSupport
import Foundation
import Testing

/// One version everywhere: the newest released heading of CHANGELOG.md, what `announce --version`
/// prints, the package's User-Agent, and the install snippets of the README and Getting Started.
@Suite struct VersionTests {
    /// The newest `## [X.Y.Z] - YYYY-MM-DD` heading of the CHANGELOG.
    static func releasedVersion() throws -> String {
        let changelog = try String(contentsOf: Fixtures.url("CHANGELOG.md"), encoding: .utf8)
        let heading = try #require(
            changelog.split(separator: "\n").first { $0.hasPrefix("## [") && !$0.hasPrefix("## [Unreleased]") })
        let version = heading.dropFirst(4).prefix { $0 != "]" }
        #expect(heading.dropFirst(4 + version.count).hasPrefix("] - 20"), "a released heading carries its date")
        return String(version)
    }

    @Test func theToolThePackageAndTheDocsSayTheReleasedVersion() async throws {
        let version = try Self.releasedVersion()
        #expect(Announce.version == version)
        #expect(RemoteProviderConfiguration.defaultUserAgent == "AnnouncementKit/\(version)")
        for document in ["README.md", "Sources/AnnouncementKit/AnnouncementKit.docc/GettingStarted.md"] {
            let text = try String(contentsOf: Fixtures.url(document), encoding: .utf8)
            #expect(text.contains(".upToNextMinor(from: \"\(version)\")"), "\(document)")
            #expect(text.contains(".product(name: \"AnnouncementKitUI\""), "\(document) adds both products")
        }
    }

    @Test(arguments: ["--version", "-V", "version"])
    func eachSpellingPrintsTheVersionAndTheFeedSchema(argument: String) async throws {
        let result = await Announce.run([argument])
        #expect(result.status == .success)
        #expect(result.standardOutput == "announce \(try Self.releasedVersion()) (feed schemaVersion 1)\n")
    }
}
