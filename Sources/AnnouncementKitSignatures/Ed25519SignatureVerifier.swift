public import AnnouncementKit
public import Foundation

#if canImport(CryptoKit)
    import CryptoKit
#elseif canImport(CLibCrypto)
    import CLibCrypto
#endif

/// Ed25519 verification and SHA-256 for a ``FeedSignaturePolicy``: CryptoKit on Apple platforms, the
/// system's libcrypto (OpenSSL 3, apt `libssl-dev`) on Linux. No cryptography is written here.
///
/// ```swift
/// import AnnouncementKit
/// import AnnouncementKitSignatures
///
/// let policy = FeedSignaturePolicy(
///     trustedKeys: [try FeedPublicKey("ed25519:11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo=")],
///     verifier: Ed25519SignatureVerifier())
/// ```
///
/// Malformed input (a signature that is not 64 bytes, a key that is not 32 bytes or not a point of
/// the curve) is an invalid signature, never a trap.
public struct Ed25519SignatureVerifier: FeedSignatureVerifying {
    /// Creates a verifier; it holds no state.
    public init() {}

    /// Whether `signature` (64 bytes) is a valid Ed25519 signature of exactly `message` by
    /// `publicKey` (its 32 raw bytes); `false` for any malformed input.
    public func isValidSignature(_ signature: Data, of message: Data, publicKey: Data) -> Bool {
        guard signature.count == 64, publicKey.count == 32 else { return false }
        #if canImport(CryptoKit)
            guard let key = try? Curve25519.Signing.PublicKey(rawRepresentation: publicKey) else { return false }
            return key.isValidSignature(signature, for: message)
        #else
            return LibCrypto.verify(signature, of: message, publicKey: publicKey)
        #endif
    }

    /// The SHA-256 digest (32 bytes) of `data`.
    public func sha256(_ data: Data) -> Data {
        #if canImport(CryptoKit)
            return Data(SHA256.hash(data: data))
        #else
            return LibCrypto.sha256(data)
        #endif
    }
}
