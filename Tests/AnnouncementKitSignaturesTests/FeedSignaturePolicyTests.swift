import AnnouncementKit
import AnnouncementKitSignatures
import Foundation
import Testing

/// The core's signature types (AnnouncementKit's Providers/Signatures) with the real verifier.
@Suite("Signed feeds: signature files, public keys and the policy, with the real verifier")
struct FeedSignaturePolicyTests {
    let verifier = Ed25519SignatureVerifier()
    let key = try! FeedSigningKey(rawRepresentation: Data(repeating: 0x42, count: 32))
    let feed = Data(#"{"schemaVersion": 1, "announcements": []}"#.utf8)

    @Test("a signature file reads back from its encoding; the key id is read in any case")
    func roundTrip() throws {
        let file = try key.signatureFile(for: feed)
        #expect(try FeedSignatureFile(parsing: file.encoded) == file)
        let upper = String(decoding: file.encoded, as: UTF8.self).replacingOccurrences(
            of: file.keyID, with: file.keyID.uppercased())
        #expect(try FeedSignatureFile(parsing: Data(upper.utf8)).keyID == file.keyID)
        var padded = file.encoded
        padded.append(Data(repeating: 0x20, count: FeedSignatureFile.maximumSize - padded.count))
        #expect(try FeedSignatureFile(parsing: padded) == file)
        padded.append(0x20)
        #expect(throws: FeedSignatureError.self) { try FeedSignatureFile(parsing: padded) }
    }

    @Test(
        "malformed signature files say what is wrong",
        arguments: [
            (#"{"keyId": "0123456789abcdef", "signature": "AA=="}"#, "no \"algorithm\""),
            (#"{"algorithm": "rsa", "keyId": "0123456789abcdef", "signature": "AA=="}"#, "only \"ed25519\""),
            (#"{"algorithm": "ed25519", "keyId": "0123456789abcde", "signature": "AA=="}"#, "not 16 hex digits"),
            (#"{"algorithm": "ed25519", "keyId": "0123456789abcdeg", "signature": "AA=="}"#, "not 16 hex digits"),
            (#"{"algorithm": "ed25519", "keyId": "0123456789abcdef", "signature": "!!"}"#, "not Base64"),
            (#"{"algorithm": "ed25519", "keyId": "0123456789abcdef", "signature": "AA=="}"#, "64 bytes"),
            (#"{"algorithm": "ed25519", "keyId": "0123456789abcdef"}"#, "no \"signature\""),
            (#"["ed25519"]"#, "not a JSON object"),
            (#"{"algorithm": "ed25519""#, "not JSON"),
        ])
    func malformed(text: String, expected: String) {
        #expect {
            try FeedSignatureFile(parsing: Data(text.utf8))
        } throws: { error in
            guard let error = error as? FeedSignatureError else { return false }
            return error.kind == .malformedSignature && error.message.contains(expected)
        }
    }

    @Test("public keys: the prefix in any case, whitespace around, and what is refused")
    func publicKeys() throws {
        let text = key.publicKey.description
        #expect(try FeedPublicKey("  " + text.uppercased().prefix(8) + text.dropFirst(8) + "\n") == key.publicKey)
        for bad in [
            "", "ed25519:", "ed25519:!!!", "ed25519:" + Data(count: 31).base64EncodedString(),
            "ssh-ed25519 AAAA", String(repeating: "A", count: 200),
        ] {
            #expect(throws: FeedSignatureError.self, "\(bad)") { try FeedPublicKey(bad) }
        }
    }

    @Test("the policy: valid by either of two keys; missing, unknown key (none trusted), bad signature")
    func policy() throws {
        let other = try FeedSigningKey(rawRepresentation: Data(repeating: 0x43, count: 32))
        let policy = FeedSignaturePolicy(trustedKeys: [other.publicKey, key.publicKey], verifier: verifier)
        let signature = try key.signatureFile(for: feed).encoded
        #expect(try policy.check(feed, signatureFile: signature) == key.publicKey)
        #expect(try policy.check(feed, signatureFile: other.signatureFile(for: feed).encoded) == other.publicKey)
        let kinds: [(FeedSignaturePolicy, Data, Data?, FeedSignatureError.Kind)] = [
            (policy, feed, nil, .missing),
            (FeedSignaturePolicy(trustedKeys: [], verifier: verifier), feed, signature, .unknownKey),
            (policy, feed + Data([0x0A]), signature, .badSignature),
            (policy, feed, Data("{}".utf8), .malformedSignature),
        ]
        for (policy, body, file, kind) in kinds {
            #expect {
                try policy.check(body, signatureFile: file)
            } throws: { error in
                (error as? FeedSignatureError)?.kind == kind
            }
        }
    }

    @Test("the signature's URL: the feed's path with .sig, the query kept; or the one configured")
    func signatureURL() throws {
        let policy = FeedSignaturePolicy(trustedKeys: [key.publicKey], verifier: verifier)
        let feedURL = try #require(URL(string: "https://cdn.example.com/app/feed.json?v=2"))
        #expect(
            policy.signatureURL(forFeedAt: feedURL).absoluteString == "https://cdn.example.com/app/feed.json.sig?v=2")
        let configured = try #require(URL(string: "https://keys.example.com/feed.sig"))
        let explicit = FeedSignaturePolicy(trustedKeys: [], verifier: verifier, signatureURL: configured)
        #expect(explicit.signatureURL(forFeedAt: feedURL) == configured)
    }
}
