import AnnounceCLI
import AnnouncementKit
import AnnouncementTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Key, signature and feed files someone else controls: bounded, refused when they are not regular
/// files (a FIFO is never waited on), and never printed raw.
@Suite("announce sign and verify: hostile files")
struct SignatureHostileFileTests {
    @Test("a FIFO as the key, the feed, the signature or a public key is refused at once, exit 2")
    func fifos() async throws {
        let workspace = try SigningWorkspace()
        #expect(mkfifo(workspace.url("pipe").path, 0o600) == 0)
        let cases: [[String]] = [
            ["sign", "feed.json", "--key", "pipe"],
            ["sign", "pipe", "--key", "test1.key"],
            ["verify", "feed.json", "--signature", "pipe", "--public-key", SigningWorkspace.test1Public],
            ["verify", "pipe", "--public-key", SigningWorkspace.test1Public],
            ["verify", "feed.json", "--public-key", "pipe"],
        ]
        for arguments in cases {
            let result = await workspace.run(arguments)
            #expect(result.status == .usage, "\(arguments)")
            #expect(result.standardError.contains("not a regular file"), "\(arguments): \(result.standardError)")
        }
    }

    @Test("huge files are refused by their size, without being read")
    func huge() async throws {
        let workspace = try SigningWorkspace()
        try workspace.sparseFile("huge.key", size: 1 << 32)
        try workspace.sparseFile("huge.sig", size: 1 << 32)
        try workspace.sparseFile("huge.json", size: 1 << 32)
        let key = await workspace.run(["sign", "feed.json", "--key", "huge.key"])
        #expect(key.status == .usage)
        #expect(key.standardError.contains("'huge.key' is 4294967296 bytes; a key file is at most 16384"))
        let publicKey = await workspace.run(["verify", "feed.json", "--public-key", "huge.key"])
        #expect(publicKey.status == .usage)
        let signature = await workspace.run([
            "verify", "feed.json", "--signature", "huge.sig", "--public-key", SigningWorkspace.test1Public,
        ])
        #expect(signature.status == .failure)
        #expect(signature.standardError.contains("the signature file is 4294967296 bytes; at most 4096 are read"))
        let feed = await workspace.run(["sign", "huge.json", "--key", "test1.key"])
        #expect(feed.status == .failure)
        #expect(feed.standardError.contains("is 4294967296 bytes; at most \(FeedLimits.maximumFeedBytes) are read"))
    }

    @Test("binary garbage as a key or a signature: refused with a message, escaped")
    func garbage() async throws {
        let workspace = try SigningWorkspace()
        var generator = SplitMix64(seed: 25)
        let bytes = Data((0..<2_000).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
        try workspace.write("garbage.key", bytes)
        try workspace.write("garbage.sig", bytes.prefix(900))
        let key = await workspace.run(["sign", "feed.json", "--key", "garbage.key"])
        #expect(key.status == .usage)
        #expect(key.standardError.contains("not a PKCS#8 PEM private key"))
        let signature = await workspace.run([
            "verify", "feed.json", "--signature", "garbage.sig", "--public-key", SigningWorkspace.test1Public,
        ])
        #expect(signature.status == .failure)
        #expect(signature.standardError.contains("the signature file is not"))
        let publicKey = await workspace.run(["verify", "feed.json", "--public-key", "garbage.key"])
        #expect(publicKey.status == .usage)
        for result in [key, signature, publicKey] {
            #expect(!result.standardError.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        }
    }

    @Test("control characters in file names and signature fields are escaped")
    func escaped() async throws {
        let workspace = try SigningWorkspace()
        let name = "feed\u{1B}]0;owned\u{07}.json"
        try workspace.write(name, SigningWorkspace.feed)
        let signed = await workspace.run(["sign", name, "--key", "test1.key"])
        #expect(signed.status == .success)
        let verified = await workspace.run(["verify", name, "--public-key", SigningWorkspace.test1Public])
        #expect(verified.status == .success)
        try workspace.write(
            "evil.sig", Data(#"{"algorithm": "ed25519\u001b[2J", "keyId": "x", "signature": "y"}"#.utf8))
        let evil = await workspace.run([
            "verify", "feed.json", "--signature", "evil.sig", "--public-key", SigningWorkspace.test1Public,
        ])
        #expect(evil.status == .failure)
        for result in [signed, verified, evil] {
            let text = result.standardOutput + result.standardError
            #expect(!text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" }, "\(text)")
        }
        #expect(signed.standardOutput.contains(#"feed\u001b]0;owned\u0007.json"#))
    }
}
