import AnnouncementKit
import AnnouncementTestSupport
import Foundation
import Testing

@testable import AnnouncementKitSignatures

@Suite("Feed signing keys: PEM, generation, signature files")
struct FeedSigningKeyTests {
    let verifier = Ed25519SignatureVerifier()
    /// RFC 8032 TEST 1's secret key as `openssl genpkey` would write it.
    static let test1PEM = """
        -----BEGIN PRIVATE KEY-----
        MC4CAQAwBQYDK2VwBCIEIJ1hsZ3v/VpguoRK9JLsLMREScVpezJpGXA7rAMcrn9g
        -----END PRIVATE KEY-----

        """

    @Test("a PEM key reads, writes back byte for byte, and its description hides the key")
    func pemRoundTrip() throws {
        let key = try FeedSigningKey(pemRepresentation: Self.test1PEM)
        #expect(key.pemRepresentation == Self.test1PEM)
        #expect(key.publicKey.description == "ed25519:11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo=")
        #expect(key.description == "FeedSigningKey(public: ed25519:11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo=)")
        #expect(!String(reflecting: key).contains("MC4CAQAw"))
        // The same key through the shared PKCS#8 reader (the one Apple platforms use).
        #expect(try Ed25519PKCS8.seed(fromPEM: Self.test1PEM) == RFC8032Vector.all.first?.secretKey)
    }

    @Test("a generated key signs what its public key verifies, and two keys differ")
    func generated() throws {
        let first = try FeedSigningKey.generate()
        let second = try FeedSigningKey.generate()
        #expect(first.publicKey != second.publicKey)
        let feed = Data(#"{"schemaVersion": 1, "announcements": []}"#.utf8)
        let file = try first.signatureFile(for: feed)
        #expect(file.keyID == first.keyID)
        let reread = try FeedSigningKey(pemRepresentation: first.pemRepresentation)
        #expect(reread.publicKey == first.publicKey)
        let policy = FeedSignaturePolicy(trustedKeys: [second.publicKey, first.publicKey], verifier: verifier)
        #expect(try policy.check(feed, signatureFile: file.encoded) == first.publicKey)
        #expect(throws: FeedSignatureError.self) {
            try FeedSignaturePolicy(trustedKeys: [second.publicKey], verifier: verifier)
                .check(feed, signatureFile: file.encoded)
        }
    }

    @Test("keys that are not unencrypted Ed25519 PKCS#8 are refused, saying what they are")
    func refused() {
        let cases: [(String, String)] = [
            ("-----BEGIN ENCRYPTED PRIVATE KEY-----\nMIGb\n-----END ENCRYPTED PRIVATE KEY-----\n", "encrypted"),
            ("-----BEGIN RSA PRIVATE KEY-----\nMIIB\n-----END RSA PRIVATE KEY-----\n", "an RSA key"),
            ("-----BEGIN EC PRIVATE KEY-----\nMHcC\n-----END EC PRIVATE KEY-----\n", "an EC key"),
            ("-----BEGIN OPENSSH PRIVATE KEY-----\nb3Bl\n-----END OPENSSH PRIVATE KEY-----\n", "an OpenSSH key"),
            ("ed25519:11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo=", "not a PKCS#8 PEM private key"),
            ("", "not a PKCS#8 PEM private key"),
            // libcrypto (Linux) and the PKCS#8 reader (Apple platforms) word these two differently.
            ("-----BEGIN PRIVATE KEY-----\n!!!!\n-----END PRIVATE KEY-----\n", "announce keygen"),
            ("-----BEGIN PRIVATE KEY-----\nMC4CAQAwBQYDK2VwBCIEIJ1hsZ3v\n", "announce keygen"),
        ]
        for (text, expected) in cases {
            do {
                _ = try FeedSigningKey(pemRepresentation: text)
                Issue.record("accepted \(text)")
            } catch {
                #expect(error.message.contains(expected), "\(error.message)")
            }
        }
    }

    @Test("a private key given as a public key is refused without being quoted")
    func privateKeyAsPublicKey() {
        #expect {
            try FeedPublicKey(Self.test1PEM)
        } throws: { error in
            let message = (error as? FeedSignatureError)?.message ?? ""
            return message.contains("this is a private key") && !message.contains("MC4CAQAw")
        }
    }

    @Test("the shared PKCS#8 reader takes exactly the 48-byte form")
    func sharedReader() throws {
        let seed = Data(repeating: 7, count: 32)
        #expect(try Ed25519PKCS8.seed(fromDER: Data(Ed25519PKCS8.prefix) + seed) == seed)
        #expect(throws: FeedSigningKeyError.self) {
            try Ed25519PKCS8.seed(fromDER: Data(Ed25519PKCS8.prefix) + seed.prefix(31))
        }
        var ed448 = Ed25519PKCS8.prefix
        ed448[11] = 0x71
        #expect(throws: FeedSigningKeyError.self) { try Ed25519PKCS8.seed(fromDER: Data(ed448) + seed) }
        #expect(throws: FeedSigningKeyError.self) {
            try Ed25519PKCS8.seed(fromPEM: "-----BEGIN PRIVATE KEY-----\nAAAA\n")
        }
        #expect(throws: FeedSigningKeyError.self) { try FeedSigningKey(rawRepresentation: seed.prefix(31)) }
    }
}
