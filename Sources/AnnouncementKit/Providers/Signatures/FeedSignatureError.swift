/// Why a key, a signature file or a signature is not accepted.
public struct FeedSignatureError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kinds of problem.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// A public key is not `ed25519:` and the Base64 of 32 bytes.
        case malformedKey
        /// No signature file: the server has none, or it could not be had.
        case missing
        /// The signature file is not the JSON `{"algorithm": "ed25519", "keyId": HEX, "signature": BASE64}`.
        case malformedSignature
        /// The signature was made by a key the app does not trust.
        case unknownKey
        /// The signature does not match the feed's bytes: the feed or the signature was changed.
        case badSignature
    }

    /// What kind of problem it is.
    public var kind: Kind
    /// What is wrong and what to do, for logs and the CLI.
    public var message: String

    /// Creates an error.
    package init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// `kind: message`.
    public var description: String { "\(kind.rawValue): \(message)" }
}
