import AnnouncementKit
import AnnouncementKitSignatures
import AnnouncementTestSupport
import Foundation
import Testing

/// RFC 8032's Ed25519 test vectors (section 7.1), from `Tests/Fixtures/peer-suites/rfc8032/ed25519.json`.
struct RFC8032Vector: Sendable, CustomTestStringConvertible {
    let name: String
    let secretKey: Data
    let publicKey: Data
    let message: Data
    let signature: Data

    var testDescription: String { name }

    static let all: [RFC8032Vector] = {
        guard let data = try? Fixtures.data("Tests/Fixtures/peer-suites/rfc8032/ed25519.json"),
            let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let vectors = object["vectors"] as? [[String: String]]
        else { return [] }
        return vectors.map { vector in
            RFC8032Vector(
                name: vector["name"] ?? "?", secretKey: hex(vector["secretKey"]), publicKey: hex(vector["publicKey"]),
                message: hex(vector["message"]), signature: hex(vector["signature"]))
        }
    }()

    static func hex(_ text: String?) -> Data {
        let digits = Array((text ?? "").utf8)
        var bytes = Data()
        var index = 0
        while index + 1 < digits.count {
            bytes.append(UInt8(String(decoding: digits[index...index + 1], as: UTF8.self), radix: 16) ?? 0)
            index += 2
        }
        return bytes
    }
}

@Suite("Ed25519: RFC 8032 test vectors")
struct Ed25519VectorTests {
    let verifier = Ed25519SignatureVerifier()

    @Test("the fixture holds TEST 1, 2, 3, 1024 and SHA(abc)")
    func fixture() {
        #expect(RFC8032Vector.all.map(\.name) == ["TEST 1", "TEST 2", "TEST 3", "TEST 1024", "TEST SHA(abc)"])
        #expect(RFC8032Vector.all.map(\.message.count) == [0, 1, 2, 1023, 64])
    }

    @Test("each signature verifies; a changed bit of message, signature or key does not", arguments: RFC8032Vector.all)
    func verifies(vector: RFC8032Vector) {
        #expect(verifier.isValidSignature(vector.signature, of: vector.message, publicKey: vector.publicKey))
        var signature = vector.signature
        signature[signature.startIndex + 5] ^= 0x01
        #expect(!verifier.isValidSignature(signature, of: vector.message, publicKey: vector.publicKey))
        var key = vector.publicKey
        key[key.startIndex] ^= 0x80
        #expect(!verifier.isValidSignature(vector.signature, of: vector.message, publicKey: key))
        let longer = vector.message + Data([0])
        #expect(!verifier.isValidSignature(vector.signature, of: longer, publicKey: vector.publicKey))
        if !vector.message.isEmpty {
            var message = vector.message
            message[message.startIndex + message.count / 2] ^= 0x01
            #expect(!verifier.isValidSignature(vector.signature, of: message, publicKey: vector.publicKey))
        }
    }

    @Test("the secret key gives the public key and, signing, the same signature", arguments: RFC8032Vector.all)
    func signs(vector: RFC8032Vector) throws {
        let key = try FeedSigningKey(rawRepresentation: vector.secretKey)
        #expect(key.publicKey.rawRepresentation == vector.publicKey)
        // libcrypto's Ed25519 is deterministic (CryptoKit's is not, so this is checked on Linux only).
        #if os(Linux)
            #expect(try key.signature(for: vector.message) == vector.signature)
        #endif
        #expect(
            verifier.isValidSignature(
                try key.signature(for: vector.message), of: vector.message, publicKey: vector.publicKey))
    }

    @Test("SHA-256 of FIPS 180-2's examples: empty, abc, and the 448-bit message")
    func sha256() {
        let cases: [(String, String)] = [
            ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            (
                "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
            ),
        ]
        for (text, digest) in cases {
            #expect(verifier.sha256(Data(text.utf8)) == RFC8032Vector.hex(digest))
        }
    }

    @Test("malformed input is false, never a trap")
    func malformed() throws {
        let vector = try #require(RFC8032Vector.all.dropFirst().first)
        let cases: [(signature: Data, key: Data)] = [
            (Data(), vector.publicKey), (vector.signature.prefix(63), vector.publicKey),
            (vector.signature + Data([0]), vector.publicKey), (vector.signature, Data()),
            (vector.signature, vector.publicKey.prefix(31)), (vector.signature, vector.publicKey + Data([0])),
            (Data(repeating: 0, count: 64), Data(repeating: 0, count: 32)),
            (Data(repeating: 0xFF, count: 64), Data(repeating: 0xFF, count: 32)),
        ]
        for (signature, key) in cases {
            #expect(!verifier.isValidSignature(signature, of: vector.message, publicKey: key))
        }
        // A slice that does not start at index 0 is read from its own start.
        let padded = Data([9, 9]) + vector.signature
        #expect(verifier.isValidSignature(padded.dropFirst(2), of: vector.message, publicKey: vector.publicKey))
    }

    @Test("a key id is the first 8 bytes of the SHA-256 of the raw key, in hex")
    func keyID() throws {
        let vector = try #require(RFC8032Vector.all.first)
        let key = try FeedPublicKey(rawRepresentation: vector.publicKey)
        let digest = verifier.sha256(vector.publicKey)
        let hex = digest.prefix(8).map { String(format: "%02x", $0) }.joined()
        #expect(key.keyID(using: verifier) == hex)
        #expect(try FeedSigningKey(rawRepresentation: vector.secretKey).keyID == hex)
    }
}
