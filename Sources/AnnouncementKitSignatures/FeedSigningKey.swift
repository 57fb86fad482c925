public import AnnouncementKit
public import Foundation

#if canImport(CryptoKit)
    import CryptoKit
#endif

/// An Ed25519 private key that signs feeds: what `announce keygen` makes and `announce sign` uses,
/// public for a server-side Swift app that writes and signs its feed itself.
///
/// ```swift
/// let key = try FeedSigningKey(pemRepresentation: String(decoding: keyFileBytes, as: UTF8.self))
/// let signatureFile = try key.signatureFile(for: feedBytes)
/// try signatureFile.encoded.write(to: feedURL.appendingPathExtension("sig"))
/// ```
///
/// The key file is PKCS#8 PEM, exactly as `openssl genpkey -algorithm ed25519` writes it; such a file
/// is read, and ``pemRepresentation`` writes one. Encrypted keys and keys of other types (RSA, EC) are
/// refused with a message saying so. The signing is CryptoKit's on Apple platforms and libcrypto's
/// (OpenSSL 3) on Linux; libcrypto's Ed25519 signatures are deterministic, CryptoKit's are not, and
/// either verifies everywhere. The key's bytes are never in its description.
public struct FeedSigningKey: Sendable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The 32-byte seed of the private key.
    private let seed: Data
    /// The key that verifies this key's signatures: what an app trusts.
    public let publicKey: FeedPublicKey

    /// A new random key.
    ///
    /// - Throws: ``FeedSigningKeyError`` when the system's cryptography fails.
    public static func generate() throws(FeedSigningKeyError) -> FeedSigningKey {
        #if canImport(CryptoKit)
            return try FeedSigningKey(rawRepresentation: Curve25519.Signing.PrivateKey().rawRepresentation)
        #else
            return try FeedSigningKey(rawRepresentation: LibCrypto.generateSeed())
        #endif
    }

    /// The key with this 32-byte seed (RFC 8032's "secret key").
    ///
    /// - Throws: ``FeedSigningKeyError`` when `rawRepresentation` is not 32 bytes.
    public init(rawRepresentation: Data) throws(FeedSigningKeyError) {
        guard rawRepresentation.count == 32 else {
            throw FeedSigningKeyError("an Ed25519 private key is 32 bytes; got \(rawRepresentation.count)")
        }
        let seed = Data(rawRepresentation)
        let raw: Data
        #if canImport(CryptoKit)
            do {
                raw = try Curve25519.Signing.PrivateKey(rawRepresentation: seed).publicKey.rawRepresentation
            } catch {
                throw FeedSigningKeyError("CryptoKit refused the key: \(error)")
            }
        #else
            raw = try LibCrypto.publicKey(seed: seed)
        #endif
        do {
            publicKey = try FeedPublicKey(rawRepresentation: raw)
        } catch {
            throw FeedSigningKeyError("the public key is not 32 bytes: \(error.message)")
        }
        self.seed = seed
    }

    /// Reads a PKCS#8 PEM key file, as `openssl genpkey -algorithm ed25519` and ``pemRepresentation``
    /// write it.
    ///
    /// - Throws: ``FeedSigningKeyError`` saying what the text is instead: encrypted, an RSA, EC or
    ///   OpenSSH key, a public key, not PEM, or a key of a type other than Ed25519.
    public init(pemRepresentation: String) throws(FeedSigningKeyError) {
        if let refusal = Ed25519PKCS8.refusal(of: pemRepresentation) { throw refusal }
        #if canImport(CryptoKit)
            try self.init(rawRepresentation: Ed25519PKCS8.seed(fromPEM: pemRepresentation))
        #else
            try self.init(rawRepresentation: LibCrypto.seed(fromPEM: Data(pemRepresentation.utf8)))
        #endif
    }

    /// The key file: PKCS#8 PEM, three lines, as `openssl genpkey -algorithm ed25519` writes it. Keep
    /// it secret.
    public var pemRepresentation: String { Ed25519PKCS8.pem(seed: seed) }

    /// The public key's id, as signature files name it (``FeedPublicKey/keyID(using:)``).
    public var keyID: String { publicKey.keyID(using: Ed25519SignatureVerifier()) }

    /// The Ed25519 signature (64 bytes) of exactly `message`.
    ///
    /// - Throws: ``FeedSigningKeyError`` when the system's cryptography fails.
    public func signature(for message: Data) throws(FeedSigningKeyError) -> Data {
        #if canImport(CryptoKit)
            do {
                return try Curve25519.Signing.PrivateKey(rawRepresentation: seed).signature(for: message)
            } catch {
                throw FeedSigningKeyError("CryptoKit could not sign: \(error)")
            }
        #else
            return try LibCrypto.sign(message, seed: seed)
        #endif
    }

    /// The bytes of the detached signature file of a feed whose exact bytes are `feed`, to serve beside
    /// it as `FEED.sig`: `{"algorithm": "ed25519", "keyId": …, "signature": …}` and a newline, as
    /// `announce sign` writes it.
    ///
    /// - Throws: ``FeedSigningKeyError`` when the system's cryptography fails.
    public func signatureFileData(for feed: Data) throws(FeedSigningKeyError) -> Data {
        try signatureFile(for: feed).encoded
    }

    /// The detached signature file of a feed whose exact bytes are `feed`, as a value.
    package func signatureFile(for feed: Data) throws(FeedSigningKeyError) -> FeedSignatureFile {
        FeedSignatureFile(keyID: keyID, signature: try signature(for: feed))
    }

    /// `FeedSigningKey(public: ed25519:…)`; never the private key.
    public var description: String { "FeedSigningKey(public: \(publicKey))" }

    /// The same as ``description``.
    public var debugDescription: String { description }
}
