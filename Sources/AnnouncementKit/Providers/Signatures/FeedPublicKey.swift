public import Foundation

/// A public key that may sign a feed: an Ed25519 key, written `ed25519:BASE64` (the 32 raw bytes).
///
/// ```swift
/// let key = try FeedPublicKey("ed25519:11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo=")
/// ```
///
/// `announce keygen` prints a new key in this form, and an app lists the ones it trusts in a
/// ``FeedSignaturePolicy`` (several during a key rotation).
public struct FeedPublicKey: Sendable, Hashable, CustomStringConvertible {
    /// The prefix of the written form.
    package static let prefix = "ed25519:"

    /// The 32 raw bytes of the key.
    public let rawRepresentation: Data

    /// Reads a key written `ed25519:BASE64`.
    ///
    /// - Throws: ``FeedSignatureError`` saying what is wrong with the text (no `ed25519:` prefix, not
    ///   Base64, not 32 bytes).
    public init(_ text: String) throws(FeedSignatureError) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        // A private key pasted by mistake is never quoted: its Base64 would reach logs.
        guard !trimmed.contains("PRIVATE KEY") else {
            throw FeedSignatureError(
                .malformedKey,
                "this is a private key, which must stay secret; use the public key 'announce keygen' printed (ed25519:…)"
            )
        }
        guard trimmed.count <= 128 else {
            throw FeedSignatureError(
                .malformedKey, "a public key is 'ed25519:' and 44 Base64 characters; got \(trimmed.count) characters")
        }
        guard trimmed.lowercased().hasPrefix(Self.prefix) else {
            throw FeedSignatureError(
                .malformedKey,
                "a public key starts with 'ed25519:' (as 'announce keygen' prints it); got '\(Self.shown(trimmed))'")
        }
        let encoded = String(trimmed.dropFirst(Self.prefix.count))
        guard let raw = Data(base64Encoded: encoded) else {
            throw FeedSignatureError(.malformedKey, "the key after 'ed25519:' is not Base64: '\(Self.shown(encoded))'")
        }
        try self.init(rawRepresentation: raw)
    }

    /// A key from its 32 raw bytes.
    ///
    /// - Throws: ``FeedSignatureError`` when `rawRepresentation` is not 32 bytes long.
    public init(rawRepresentation: Data) throws(FeedSignatureError) {
        guard rawRepresentation.count == 32 else {
            throw FeedSignatureError(
                .malformedKey, "an Ed25519 public key is 32 bytes; this one is \(rawRepresentation.count)")
        }
        self.rawRepresentation = Data(rawRepresentation)
    }

    /// `ed25519:BASE64`.
    public var description: String { Self.prefix + rawRepresentation.base64EncodedString() }

    /// The key's id: the first 8 bytes of the SHA-256 of its raw bytes, in lowercase hex, as a
    /// signature file names its key.
    package func keyID(using verifier: any FeedSignatureVerifying) -> String {
        FeedSignatureFile.hex(verifier.sha256(rawRepresentation).prefix(8))
    }

    /// Text from outside, cut and escaped for a message.
    static func shown(_ text: String) -> String {
        let scalars = text.unicodeScalars
        let escaped = scalars.prefix(60).map {
            $0.isASCII && $0.value >= 0x20 && $0.value < 0x7F ? String($0) : $0.escaped(asASCII: true)
        }.joined()
        return scalars.dropFirst(60).isEmpty ? escaped : escaped + "…"
    }
}
