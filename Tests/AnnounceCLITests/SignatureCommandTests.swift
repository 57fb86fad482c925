import AnnounceCLI
import AnnouncementKit
import AnnouncementKitSignatures
import AnnouncementTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("announce keygen, sign and verify")
struct SignatureCommandTests {
    @Test("help texts")
    func help() async throws {
        let workspace = try SigningWorkspace()
        for command in ["keygen", "sign", "verify"] {
            let result = await workspace.run([command, "--help"])
            #expect(result.status == .success)
            try Golden.check(result.standardOutput, against: "\(command)-help.txt")
        }
    }

    @Test("keygen writes a 0600 key that signs, prints its public key, and never overwrites it")
    func keygen() async throws {
        let workspace = try SigningWorkspace()
        let made = await workspace.run(["keygen", "--out", "secrets/nested"])
        #expect(made.status == .success, "\(made.standardError)")
        let keyURL = workspace.url("secrets/nested/feed-signing.key")
        let attributes = try FileManager.default.attributesOfItem(atPath: keyURL.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let key = try FeedSigningKey(
            pemRepresentation: String(decoding: workspace.read("secrets/nested/feed-signing.key"), as: UTF8.self))
        #expect(made.standardOutput.contains("Public key: \(key.publicKey)\n"))
        #expect(made.standardOutput.contains("Key id:     \(key.keyID)\n"))
        #expect(made.standardOutput.contains("Keep it secret"))
        // The output with this run's key replaced, so the rest is compared whole.
        let shape = made.standardOutput.replacingOccurrences(of: key.publicKey.description, with: "ed25519:PUBLIC")
            .replacingOccurrences(of: key.keyID, with: "KEYID")
        try Golden.check(shape, against: "keygen-output.txt")
        #expect(made.standardOutput.contains("announce sign FEED --key secrets/nested/feed-signing.key"))

        let before = try workspace.read("secrets/nested/feed-signing.key")
        let again = await workspace.run(["keygen", "--out", "secrets/nested"])
        #expect(again.status == .failure)
        #expect(again.standardError.contains("already exists; 'announce keygen' never overwrites a key"))
        #expect(again.standardOutput.isEmpty)
        #expect(try workspace.read("secrets/nested/feed-signing.key") == before)

        let signed = await workspace.run(["sign", "feed.json", "--key", "secrets/nested/feed-signing.key"])
        #expect(signed.status == .success, "\(signed.standardError)")
        let verified = await workspace.run(["verify", "feed.json", "--public-key", key.publicKey.description])
        #expect(verified.status == .success, "\(verified.standardError)")
    }

    @Test("keygen never writes through a symbolic link, and needs a folder")
    func keygenRefusals() async throws {
        let workspace = try SigningWorkspace()
        try FileManager.default.createDirectory(at: workspace.url("keys"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: workspace.url("keys/feed-signing.key").path, withDestinationPath: workspace.url("elsewhere").path)
        let linked = await workspace.run(["keygen", "--out", "keys"])
        #expect(linked.status == .failure)
        #expect(!FileManager.default.fileExists(atPath: workspace.url("elsewhere").path))

        let onFile = await workspace.run(["keygen", "--out", "feed.json"])
        #expect(onFile.status == .usage)
        #expect(onFile.standardError == "announce keygen: 'feed.json' is not a folder; name a folder for --out\n")
        let noOut = await workspace.run(["keygen"])
        #expect(noOut.status == .usage)
        #expect(noOut.standardError.contains("announce keygen --out DIR"))
    }

    @Test("sign writes FEED.sig (or --out) and verify accepts it; the outputs are stable")
    func signAndVerify() async throws {
        let workspace = try SigningWorkspace()
        let signed = await workspace.run(["sign", "feed.json", "--key", "test1.key"])
        #expect(signed.status == .success)
        try Golden.check(signed.standardOutput, against: "sign-feed.txt")
        let file = try FeedSignatureFile(parsing: workspace.read("feed.json.sig"))
        #expect(file.keyID == (try FeedSigningKey(pemRepresentation: SigningWorkspace.test1PEM)).keyID)

        let verified = await workspace.run(["verify", "feed.json", "--public-key", SigningWorkspace.test1Public])
        #expect(verified.status == .success)
        #expect(verified.standardError.isEmpty)
        try Golden.check(verified.standardOutput, against: "verify-valid.txt")
        let json = await workspace.run([
            "verify", "feed.json", "--public-key", SigningWorkspace.test1Public, "--format", "json",
        ])
        try Golden.check(json.standardOutput, against: "verify-valid.json")

        let elsewhere = await workspace.run(["sign", "feed.json", "--key", "test1.key", "--out", "other.sig"])
        #expect(elsewhere.status == .success)
        #expect(try workspace.read("other.sig") == workspace.read("feed.json.sig"))
        try workspace.write("trusted.pub", Data((SigningWorkspace.test1Public + "\n").utf8))
        let fromFile = await workspace.run([
            "verify", "feed.json", "--signature", "other.sig", "--public-key", "trusted.pub",
        ])
        #expect(fromFile.status == .success, "\(fromFile.standardError)")
    }

    @Test("a changed byte, a truncated signature, another key id, a missing .sig: exit 1, saying which")
    func notValid() async throws {
        let workspace = try SigningWorkspace()
        _ = await workspace.run(["sign", "feed.json", "--key", "test1.key"])
        let verify = ["verify", "feed.json", "--public-key", SigningWorkspace.test1Public]
        let signature = try workspace.read("feed.json.sig")

        var tampered = SigningWorkspace.feed
        tampered[10] ^= 0x01
        try workspace.write("feed.json", tampered)
        let bad = await workspace.run(verify)
        #expect(bad.status == .failure)
        try Golden.check(bad.standardError, against: "verify-bad-signature.txt")
        try workspace.write("feed.json", SigningWorkspace.feed)

        try workspace.editSignature("feed.json.sig") { $0["signature"] = String($0["signature"]!.dropLast(4)) }
        let truncated = await workspace.run(verify)
        #expect(truncated.status == .failure)
        #expect(truncated.standardError.contains("an Ed25519 signature is 64 bytes"), "\(truncated.standardError)")

        try workspace.write("feed.json.sig", signature)
        try workspace.editSignature("feed.json.sig") { $0["keyId"] = "0123456789abcdef" }
        let unknown = await workspace.run(verify + ["--format", "json"])
        #expect(unknown.status == .failure)
        #expect(unknown.standardOutput.contains(#""kind" : "unknownKey""#))
        #expect(unknown.standardError.contains("signed by key 0123456789abcdef, which is not trusted"))

        try FileManager.default.removeItem(at: workspace.url("feed.json.sig"))
        let missing = await workspace.run(verify)
        #expect(missing.status == .failure)
        try Golden.check(missing.standardError, against: "verify-missing.txt")
    }

    @Test("two trusted keys (a rotation): a feed signed by either verifies, naming the key")
    func rotation() async throws {
        let workspace = try SigningWorkspace()
        let newKey = try FeedSigningKey.generate()
        try workspace.write("new.key", Data(newKey.pemRepresentation.utf8))
        let both = ["--public-key", SigningWorkspace.test1Public, "--public-key", newKey.publicKey.description]
        _ = await workspace.run(["sign", "feed.json", "--key", "test1.key"])
        let old = await workspace.run(["verify", "feed.json"] + both)
        #expect(old.status == .success)
        #expect(old.standardOutput.contains(SigningWorkspace.test1Public))
        _ = await workspace.run(["sign", "feed.json", "--key", "new.key"])
        let new = await workspace.run(["verify", "feed.json"] + both)
        #expect(new.status == .success)
        #expect(new.standardOutput.contains("by key \(newKey.keyID) (\(newKey.publicKey))"))
        let oldOnly = await workspace.run(["verify", "feed.json", "--public-key", SigningWorkspace.test1Public])
        #expect(oldOnly.status == .failure)
    }

    @Test("usage errors: no key, a malformed public key, a missing key file, --out onto the feed")
    func usage() async throws {
        let workspace = try SigningWorkspace()
        let cases: [([String], String)] = [
            (["sign", "feed.json"], "name the private key"),
            (["sign", "feed.json", "--key", "absent.key"], "cannot read the key file 'absent.key': no such file"),
            (["sign", "feed.json", "--key", "test1.key", "--out", "feed.json"], "is the feed"),
            (["sign", "-", "--key", "test1.key"], "does not read standard input"),
            (["sign", "absent.json", "--key", "test1.key"], "cannot read the feed 'absent.json': no such file"),
            (["verify", "feed.json"], "name the trusted public key"),
            (["verify", "feed.json", "--public-key", "ed25519:AAAA"], "32 bytes"),
            (["verify", "feed.json", "--public-key", "absent.pub"], "'absent.pub': no such file"),
            (["verify", "feed.json", "--public-key", "feed.json"], "does not hold a public key"),
            (["verify", "feed.json", "--public-key", "test1.key"], "'test1.key' holds a private key; keep it secret"),
            (["verify", "feed.json", "--public-key=" + SigningWorkspace.test1PEM], "was given a private key"),
        ]
        for (arguments, expected) in cases {
            let result = await workspace.run(arguments)
            #expect(result.status == .usage, "\(arguments)")
            #expect(result.standardError.contains(expected), "\(arguments): \(result.standardError)")
            // No message quotes a key file: the private key's Base64 never reaches the terminal.
            #expect(!result.standardError.contains("MC4CAQAw"), "\(arguments)")
        }
    }
}
