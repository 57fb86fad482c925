public import Foundation

/// The cryptography a signed feed needs, kept out of the library: Ed25519 verification and SHA-256.
///
/// The library writes no cryptography of its own. An app that checks signatures adds the
/// `AnnouncementKitSignatures` product, whose `Ed25519SignatureVerifier` uses CryptoKit on Apple
/// platforms and the system's libcrypto (OpenSSL 3) on Linux, and passes it in a
/// ``FeedSignaturePolicy``. Tests may pass a stub.
public protocol FeedSignatureVerifying: Sendable {
    /// Whether `signature` (64 bytes) is a valid Ed25519 signature of exactly `message` by `publicKey`
    /// (the 32 raw bytes of the key). Any malformed input is `false`, never a trap.
    func isValidSignature(_ signature: Data, of message: Data, publicKey: Data) -> Bool

    /// The SHA-256 digest (32 bytes) of `data`; key ids are made from it (`FeedPublicKey.keyID(using:)`).
    func sha256(_ data: Data) -> Data
}
