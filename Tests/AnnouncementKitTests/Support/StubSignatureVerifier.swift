import AnnouncementKit
import Foundation

/// TEST STUB, NOT CRYPTOGRAPHY: a ``FeedSignatureVerifying`` for tests that have no real Ed25519
/// verifier (that is the `AnnouncementKitSignatures` product's job). A "signature" is a deterministic
/// 64-byte function of the key and the message (FNV-1a 64 with eight seeds), so anyone can forge one;
/// `sha256` is a 32-byte stand-in digest of the same kind, not SHA-256. It only lets the provider's
/// logic (fetch, check, refuse, cache) be tested. It never ships: it lives in the test target only.
struct StubSignatureVerifier: FeedSignatureVerifying {
    func isValidSignature(_ signature: Data, of message: Data, publicKey: Data) -> Bool {
        publicKey.count == 32 && signature == Self.sign(message, with: publicKey)
    }

    func sha256(_ data: Data) -> Data {
        Self.digest(data, words: 4, seed: 0xA5)
    }

    /// The stub's "signature" of `message` by `publicKey`: 64 bytes.
    static func sign(_ message: Data, with publicKey: Data) -> Data {
        var input = publicKey
        input.append(message)
        return digest(input, words: 8, seed: 0x5A)
    }

    /// `words` FNV-1a 64 hashes of `data`, each started from a different seed byte.
    private static func digest(_ data: Data, words: Int, seed: UInt8) -> Data {
        var out = Data()
        for word in 0..<words {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in [seed, UInt8(word)] + Array(data) {
                hash ^= UInt64(byte)
                hash &*= 0x0000_0100_0000_01B3
            }
            withUnsafeBytes(of: hash.bigEndian) { out.append(contentsOf: $0) }
        }
        return out
    }
}

/// Keys, signature files and policies for the signed-feed tests, made with ``StubSignatureVerifier``.
enum SignedFeedSupport {
    static let verifier = StubSignatureVerifier()

    /// The key that signs feeds in most tests.
    static let key = try! FeedPublicKey(rawRepresentation: Data(repeating: 0x11, count: 32))
    /// A second key, for rotation.
    static let newKey = try! FeedPublicKey(rawRepresentation: Data(repeating: 0x22, count: 32))
    /// A key the app does not trust.
    static let strangerKey = try! FeedPublicKey(rawRepresentation: Data(repeating: 0x33, count: 32))

    /// The signature file of `body` by `key`, as `announce sign` would write it (with the stub's signature).
    static func signatureFile(of body: Data, by key: FeedPublicKey = key) -> Data {
        FeedSignatureFile(
            keyID: key.keyID(using: verifier), signature: StubSignatureVerifier.sign(body, with: key.rawRepresentation)
        )
        .encoded
    }

    /// A policy trusting `keys`, checked by the stub.
    static func policy(_ keys: [FeedPublicKey] = [key], signatureURL: URL? = nil) -> FeedSignaturePolicy {
        FeedSignaturePolicy(trustedKeys: keys, verifier: verifier, signatureURL: signatureURL)
    }
}

/// ``StubSignatureVerifier`` that counts the signatures it is asked to check, to show when the provider
/// checks and when it does not.
final class CountingSignatureVerifier: FeedSignatureVerifying, @unchecked Sendable {
    private let lock = NSLock()
    private var checked = 0

    /// How many signatures were checked so far.
    var checks: Int { lock.withLock { checked } }

    func isValidSignature(_ signature: Data, of message: Data, publicKey: Data) -> Bool {
        lock.withLock { checked += 1 }
        return StubSignatureVerifier().isValidSignature(signature, of: message, publicKey: publicKey)
    }

    func sha256(_ data: Data) -> Data { StubSignatureVerifier().sha256(data) }
}
