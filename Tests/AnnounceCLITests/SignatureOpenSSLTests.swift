import AnnounceCLI
import AnnouncementKit
import AnnouncementKitSignatures
import AnnouncementTestSupport
import Foundation
import Testing

/// Signatures interoperate with the `openssl` command both ways, and `sign` reads the keys it makes
/// and refuses the ones it must (RSA, EC, encrypted). Under `CI=true` a missing openssl fails.
@Suite(
    "announce sign and verify against the openssl command",
    .enabled(if: TestDependencies.runsTests(needing: "openssl"), "openssl is not installed"))
struct SignatureOpenSSLTests {
    let verifier = Ed25519SignatureVerifier()

    @Test("a signature made by openssl pkeyutl verifies with announce verify, and sign makes the same one")
    func opensslSigns() async throws {
        let workspace = try SigningWorkspace()
        let key = workspace.url("openssl.key").path
        let feed = workspace.url("feed.json").path
        try await expectSuccess(workspace.openssl(["genpkey", "-algorithm", "ed25519", "-out", key]))
        try await expectSuccess(
            workspace.openssl([
                "pkeyutl", "-sign", "-rawin", "-inkey", key, "-in", feed, "-out", workspace.url("sig.bin").path,
            ]))
        try await expectSuccess(
            workspace.openssl([
                "pkey", "-in", key, "-pubout", "-outform", "DER", "-out", workspace.url("pub.der").path,
            ]))
        let publicKey = try FeedPublicKey(rawRepresentation: workspace.read("pub.der").suffix(32))
        let signature = try workspace.read("sig.bin")
        let file = FeedSignatureFile(keyID: publicKey.keyID(using: verifier), signature: signature)
        try workspace.write("feed.json.sig", file.encoded)

        let verified = await workspace.run(["verify", "feed.json", "--public-key", publicKey.description])
        #expect(verified.status == .success, "\(verified.standardError)")
        #expect(verified.standardOutput.contains("by key \(file.keyID)"))

        // announce sign reads openssl's key file; libcrypto's Ed25519 is deterministic, so on Linux the
        // same bytes (CryptoKit's signatures are randomised: valid, not equal).
        let signed = await workspace.run(["sign", "feed.json", "--key", "openssl.key", "--out", "ours.sig"])
        #expect(signed.status == .success, "\(signed.standardError)")
        let ours = try FeedSignatureFile(parsing: workspace.read("ours.sig"))
        #expect(ours.keyID == file.keyID)
        #expect(
            verifier.isValidSignature(ours.signature, of: SigningWorkspace.feed, publicKey: publicKey.rawRepresentation)
        )
        #if os(Linux)
            #expect(ours == file)
        #endif
    }

    @Test("a signature made by announce sign verifies with openssl pkeyutl -verify, which reads keygen's key")
    func opensslVerifies() async throws {
        let workspace = try SigningWorkspace()
        let made = await workspace.run(["keygen", "--out", "keys"])
        #expect(made.status == .success)
        let signed = await workspace.run(["sign", "feed.json", "--key", "keys/feed-signing.key"])
        #expect(signed.status == .success)
        let file = try FeedSignatureFile(parsing: workspace.read("feed.json.sig"))
        try workspace.write("sig.bin", file.signature)
        let publicPEM = workspace.url("pub.pem").path
        try await expectSuccess(
            workspace.openssl([
                "pkey", "-in", workspace.url("keys/feed-signing.key").path, "-pubout", "-out", publicPEM,
            ]))
        let verify = [
            "pkeyutl", "-verify", "-rawin", "-pubin", "-inkey", publicPEM, "-in", workspace.url("feed.json").path,
            "-sigfile", workspace.url("sig.bin").path,
        ]
        let verified = try await workspace.openssl(verify)
        #expect(verified.status == 0, "\(verified.standardError)")
        #expect(verified.standardOutput.contains("Signature Verified Successfully"))

        var tampered = SigningWorkspace.feed
        tampered[tampered.count - 2] ^= 0x01
        try workspace.write("feed.json", tampered)
        let refused = try await workspace.openssl(verify)
        #expect(refused.status != 0)
    }

    @Test("keys openssl makes that are not Ed25519, or encrypted, are refused naming what they are")
    func otherKeys() async throws {
        let workspace = try SigningWorkspace()
        // libcrypto names the type; on Apple platforms the PKCS#8 reader says the key is not Ed25519.
        #if os(Linux)
            let other = ["type RSA", "type EC", "type ED448"]
        #else
            let other = Array(repeating: "not an Ed25519 key", count: 3)
        #endif
        let cases: [([String], String)] = [
            (["-algorithm", "RSA", "-pkeyopt", "rsa_keygen_bits:1024"], other[0]),
            (["-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256"], other[1]),
            (["-algorithm", "ed448"], other[2]),
            (["-algorithm", "ed25519", "-aes-256-cbc", "-pass", "pass:secret"], "encrypted with a passphrase"),
        ]
        for (index, (options, expected)) in cases.enumerated() {
            let name = "other-\(index).key"
            try await expectSuccess(workspace.openssl(["genpkey"] + options + ["-out", workspace.url(name).path]))
            let result = await workspace.run(["sign", "feed.json", "--key", name])
            #expect(result.status == .usage, "\(options)")
            #expect(result.standardError.contains(expected), "\(options): \(result.standardError)")
            #expect(!FileManager.default.fileExists(atPath: workspace.url("feed.json.sig").path))
        }
    }

    private func expectSuccess(
        _ result: (status: Int32, standardOutput: String, standardError: String),
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(result.status == 0, "openssl: \(result.standardError)", sourceLocation: sourceLocation)
    }
}
