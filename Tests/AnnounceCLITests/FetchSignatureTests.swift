import AnnounceCLI
import AnnouncementKit
import AnnouncementKitSignatures
import AnnouncementTestSupport
import Foundation
import Testing

/// `announce fetch --public-key` against nginx serving a feed and its detached signature, signed with
/// the real signer (`AnnouncementKitSignatures`), as an app with a signature policy fetches it.
///
/// The fetches run the built `announce` in a process of its own: a fetch races a real deadline (30 s),
/// and in-process on a loaded machine the test's task waited for the concurrency pool longer than that.
@Suite(
    "announce fetch --public-key",
    .enabled(if: TestDependencies.runsNginxTests, "nginx is not installed: run scripts/test-deps"))
struct FetchSignatureTests {
    static let feed = Data(#"{"announcements": [{"id": "a", "title": "A", "message": "m"}]}"#.utf8)

    private func json(_ result: Fetched) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    }

    typealias Fetched = (status: Int32, standardOutput: String, standardError: String)

    /// The built `announce` with `arguments`, on a thread of its own.
    private func announce(_ arguments: [String]) async throws -> Fetched {
        try await Fixtures.run(try #require(Fixtures.announceExecutable), arguments)
    }

    @Test("a signed feed is valid; a byte changed after signing is refused, the last good feed kept, and why is said")
    func tamperedFeedKeepsLastGood() async throws {
        let key = try FeedSigningKey.generate()
        let server = try NginxServer()
        defer { server.stop() }
        try server.publish("feed.json", contents: Self.feed)
        try server.publish("feed.json.sig", contents: key.signatureFileData(for: Self.feed))
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("fetch-sig-\(UUID().uuidString)").path
        let arguments = [
            "fetch", server.url("feed.json").absoluteString, "--allow-http", "--cache-dir", cache,
            "--public-key", key.publicKey.description, "--format", "json",
        ]

        let first = try await announce(arguments)
        #expect(first.status == 0, "\(first.standardError)")
        let report = try json(first)
        #expect(report["source"] as? String == "network")
        #expect(report["signature"] as? String == "valid")
        #expect(report["count"] as? Int == 1)

        // One letter changed and a space added: nginx's ETag is the file's time and size, and a file
        // rewritten in the same second with the same size would keep it (the answer would be a 304).
        var tampered = Self.feed
        tampered[tampered.index(tampered.startIndex, offsetBy: 40)] = UInt8(ascii: "B")
        tampered.append(UInt8(ascii: " "))
        try server.publish("feed.json", contents: tampered)
        let second = try await announce(arguments)
        #expect(second.status == 0, "the cached feed is still usable")
        let refused = try json(second)
        #expect(refused["source"] as? String == "cache")
        #expect(refused["signature"] as? String == "badSignature")
        #expect(refused["count"] as? Int == 1)
        #expect(second.standardError.contains("does not match the feed's bytes"), "\(second.standardError)")
        #expect(second.standardError.contains("using the cached feed"))

        let text = try await announce(Array(arguments.dropLast(2)))
        #expect(text.standardOutput.contains("source: cache\n"))
        #expect(text.standardOutput.contains("signature: badSignature\n"))
    }

    @Test("another key's signature is unknownKey, a missing .sig is missing; both keys of a rotation are trusted")
    func unknownKeyMissingAndRotation() async throws {
        let old = try FeedSigningKey.generate()
        let new = try FeedSigningKey.generate()
        let server = try NginxServer()
        defer { server.stop() }
        try server.publish("feed.json", contents: Self.feed)
        let url = server.url("feed.json").absoluteString

        let missing = try await announce([
            "fetch", url, "--allow-http", "--public-key", old.publicKey.description, "--format", "json",
        ])
        #expect(missing.status == 1, "no cache to fall back on")
        #expect(try json(missing)["signature"] as? String == "missing")

        try server.publish("feed.json.sig", contents: new.signatureFileData(for: Self.feed))
        let unknown = try await announce([
            "fetch", url, "--allow-http", "--public-key", old.publicKey.description, "--format", "json",
        ])
        #expect(unknown.status == 1)
        #expect(try json(unknown)["signature"] as? String == "unknownKey")

        let rotated = try await announce([
            "fetch", url, "--allow-http", "--public-key", old.publicKey.description, "--public-key",
            new.publicKey.description, "--format", "json",
        ])
        #expect(rotated.status == 0, "\(rotated.standardError)")
        #expect(try json(rotated)["signature"] as? String == "valid")
    }

    @Test("without --public-key nothing about signatures is requested or reported")
    func withoutKeys() async throws {
        let server = try NginxServer()
        defer { server.stop() }
        try server.publish("feed.json", contents: Self.feed)
        let result = try await announce([
            "fetch", server.url("feed.json").absoluteString, "--allow-http", "--format", "json",
        ])
        #expect(result.status == 0)
        #expect(try json(result)["signature"] == nil)
        #expect(server.accessLog().count == 1, "only the feed is requested")
    }

    @Test("a --public-key that is not a key is a usage error that says what to pass")
    func badKey() async {
        let result = await Announce.run([
            "fetch", "https://cdn.example.com/feed.json", "--public-key", "ed25519:short",
        ])
        #expect(result.status == .usage)
        #expect(result.standardError.hasPrefix("announce fetch: "), "\(result.standardError)")
    }
}
