import Foundation
import Testing

@testable import AnnouncementKit

/// The core's signed-feed types on their own: public keys, signature files (hostile ones included),
/// the policy's check and the signature's URL. Signatures are the test stub's
/// (``StubSignatureVerifier``), which is not cryptography.
@Suite("Feed signatures: keys, signature files, policy")
struct FeedSignatureTests {
    typealias Support = SignedFeedSupport

    static let rawKey = Data((0..<32).map { UInt8($0) })

    // MARK: - FeedPublicKey

    @Test("text quoted from a key or a signature file is cut at 60 scalars, escaped, and marked as cut")
    func quotedTextIsCutAndEscaped() {
        #expect(FeedPublicKey.shown("rsa:AAAA") == "rsa:AAAA")
        #expect(FeedPublicKey.shown("a\u{1B}[2J\u{202E}b") == "a\\u{1B}[2J\\u{202E}b")
        let long = String(repeating: "A", count: 5_000)
        #expect(FeedPublicKey.shown(long) == String(repeating: "A", count: 60) + "…")
        #expect(FeedPublicKey.shown(String(repeating: "A", count: 60)) == String(repeating: "A", count: 60))
    }

    @Test("a key is read from ed25519:BASE64 (prefix in any case, spaces around it) and written back")
    func goodKeys() throws {
        let text = "ed25519:" + Self.rawKey.base64EncodedString()
        let key = try FeedPublicKey(text)
        #expect(key.rawRepresentation == Self.rawKey)
        #expect(key.description == text)
        #expect(try FeedPublicKey("  ED25519:\(Self.rawKey.base64EncodedString())\n") == key)
        #expect(try FeedPublicKey(rawRepresentation: Self.rawKey) == key)
        #expect(key.keyID(using: Support.verifier).count == 16)
        #expect(key.keyID(using: Support.verifier) != Support.newKey.keyID(using: Support.verifier))
    }

    @Test(
        "a bad key is a malformedKey error, never a trap",
        arguments: [
            "", "ed25519:", "11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo=", "rsa:AAAA", "ed25519:not base64!",
            "ed25519:" + Data(count: 31).base64EncodedString(), "ed25519:" + Data(count: 33).base64EncodedString(),
            "ed25519:" + String(repeating: "A", count: 300), "ed25519:\u{0}\u{202E}",
        ])
    func badKeys(text: String) {
        #expect {
            try FeedPublicKey(text)
        } throws: { error in
            (error as? FeedSignatureError)?.kind == .malformedKey
        }
    }

    // MARK: - FeedSignatureFile

    @Test("a signature file is parsed (key id in any case) and its encoding reads back")
    func goodSignatureFile() throws {
        let signature = Data((0..<64).map { UInt8($0) })
        let text =
            #"{"algorithm": "ed25519", "keyId": "9B1D4F0C2E7A3B58", "signature": "\#(signature.base64EncodedString())"}"#
        let file = try FeedSignatureFile(parsing: Data(text.utf8))
        #expect(file.keyID == "9b1d4f0c2e7a3b58")
        #expect(file.signature == signature)
        #expect(try FeedSignatureFile(parsing: file.encoded) == file)
        #expect(file.encoded.count < 200)
    }

    /// Hostile or wrong signature files, each with a word its message must contain.
    static let hostileFiles: [(name: String, bytes: Data, says: String)] = {
        let signature = Data(count: 64).base64EncodedString()
        func file(algorithm: String = "ed25519", keyID: String = "0123456789abcdef", signature: String = signature)
            -> Data
        {
            Data(#"{"algorithm": "\#(algorithm)", "keyId": "\#(keyID)", "signature": "\#(signature)"}"#.utf8)
        }
        return [
            ("5 MB", Data(repeating: 0x20, count: 5_000_000), "bytes"),
            ("just over the cap", Data(repeating: 0x20, count: FeedSignatureFile.maximumSize + 1), "bytes"),
            ("not UTF-8", Data([0x7B, 0xFF, 0xFE, 0x7D]), "UTF-8"),
            ("empty", Data(), "JSON"),
            (
                "deep nesting", Data((String(repeating: "[", count: 2000) + String(repeating: "]", count: 2000)).utf8),
                ""
            ),
            ("deep objects", Data(String(repeating: #"{"a":"#, count: 800).utf8), "JSON"),
            ("an array", Data("[1, 2]".utf8), "object"),
            ("wrong algorithm", file(algorithm: "rsa-sha256"), "algorithm"),
            ("no algorithm", Data(#"{"keyId": "0123456789abcdef", "signature": "\#(signature)"}"#.utf8), "algorithm"),
            ("short key id", file(keyID: "0123456789abcde"), "keyId"),
            ("long key id", file(keyID: "0123456789abcdef0"), "keyId"),
            ("key id not hex", file(keyID: "0123456789abcdeg"), "keyId"),
            ("signature not Base64", file(signature: "!!!"), "Base64"),
            ("signature of 63 bytes", file(signature: Data(count: 63).base64EncodedString()), "64 bytes"),
            ("signature of 65 bytes", file(signature: Data(count: 65).base64EncodedString()), "64 bytes"),
            ("truncated", file().prefix(40), "JSON"),
            ("number for a string", Data(#"{"algorithm": 1, "keyId": 2, "signature": 3}"#.utf8), "algorithm"),
        ]
    }()

    @Test("hostile and wrong signature files are malformedSignature with a reason, never a trap")
    func hostileSignatureFiles() {
        for (name, bytes, says) in Self.hostileFiles {
            do {
                _ = try FeedSignatureFile(parsing: bytes)
                Issue.record("\(name): accepted")
            } catch {
                #expect(error.kind == .malformedSignature, "\(name): \(error)")
                #expect(says.isEmpty || error.message.contains(says), "\(name): \(error.message)")
                #expect(error.message.count < 400, "\(name): the message is bounded")
            }
        }
    }

    // MARK: - FeedSignaturePolicy

    @Test("the policy's check: accepted, missing, malformed, unknown key, bad signature, and rotation")
    func policyOutcomes() throws {
        let body = RemoteFeedSupport.feed(["a"])
        let policy = Support.policy()
        #expect(try policy.check(body, signatureFile: Support.signatureFile(of: body)) == Support.key)

        func kind(_ policy: FeedSignaturePolicy, _ body: Data, _ file: Data?) -> FeedSignatureError.Kind? {
            do {
                try policy.check(body, signatureFile: file)
                return nil
            } catch {
                return error.kind
            }
        }
        #expect(kind(policy, body, nil) == .missing)
        #expect(kind(policy, body, Support.signatureFile(of: body).prefix(50)) == .malformedSignature)
        #expect(kind(policy, body, Support.signatureFile(of: body, by: Support.strangerKey)) == .unknownKey)
        var tampered = body
        tampered[tampered.count / 2] ^= 0x01
        #expect(kind(policy, tampered, Support.signatureFile(of: body)) == .badSignature)
        // The signature of another key's id under a trusted key's id: bad, not unknown.
        let forged = FeedSignatureFile(
            keyID: Support.key.keyID(using: Support.verifier),
            signature: StubSignatureVerifier.sign(body, with: Support.strangerKey.rawRepresentation))
        #expect(kind(policy, body, forged.encoded) == .badSignature)
        #expect(kind(Support.policy([]), body, Support.signatureFile(of: body)) == .unknownKey)

        // Rotation: both keys trusted, the feed re-signed by the new one.
        let rotating = Support.policy([Support.key, Support.newKey])
        #expect(
            try rotating.check(body, signatureFile: Support.signatureFile(of: body, by: Support.newKey))
                == Support.newKey)
        #expect(try rotating.check(body, signatureFile: Support.signatureFile(of: body)) == Support.key)
        #expect(kind(policy, body, Support.signatureFile(of: body, by: Support.newKey)) == .unknownKey)
    }

    @Test("the signature's URL: .sig after the path, the query and fragment kept; or the configured one")
    func signatureURLs() throws {
        let policy = Support.policy()
        func sig(_ text: String) throws -> String {
            policy.signatureURL(forFeedAt: try #require(URL(string: text))).absoluteString
        }
        #expect(try sig("https://cdn.example.com/feed.json") == "https://cdn.example.com/feed.json.sig")
        #expect(
            try sig("https://cdn.example.com/a/feed.json?v=2&x=y") == "https://cdn.example.com/a/feed.json.sig?v=2&x=y")
        #expect(try sig("https://cdn.example.com/feed.json?v=2#top") == "https://cdn.example.com/feed.json.sig?v=2#top")
        #expect(try sig("https://cdn.example.com/my%20feed.json") == "https://cdn.example.com/my%20feed.json.sig")
        #expect(try sig("https://cdn.example.com:8443/feed?sig=no") == "https://cdn.example.com:8443/feed.sig?sig=no")
        #expect(try sig("https://cdn.example.com?v=1") == "https://cdn.example.com/.sig?v=1")
        let named = try #require(URL(string: "https://keys.example.com/signatures/feed.sig?token=1"))
        #expect(
            Support.policy(signatureURL: named).signatureURL(forFeedAt: URL(string: "https://cdn.example.com/f.json")!)
                == named)
    }
}
