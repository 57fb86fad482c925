// A declaration stub of the part of Apple's CryptoKit that AnnouncementKitSignatures uses
// (Ed25519SignatureVerifier and FeedSigningKey, behind `#if canImport(CryptoKit)`), with Apple's
// documented signatures, so that scripts/typecheck-swiftui can type-check that branch on Linux, where
// CryptoKit does not exist. Never shipped, never linked: bodies trap.
import Foundation

// https://developer.apple.com/documentation/cryptokit/curve25519
public enum Curve25519 {
    // https://developer.apple.com/documentation/cryptokit/curve25519/signing
    public enum Signing {
        // https://developer.apple.com/documentation/cryptokit/curve25519/signing/publickey
        public struct PublicKey: Sendable {
            // https://developer.apple.com/documentation/cryptokit/curve25519/signing/publickey/init(rawrepresentation:)
            public init<D>(rawRepresentation data: D) throws where D: ContiguousBytes { fatalError() }

            // https://developer.apple.com/documentation/cryptokit/curve25519/signing/publickey/rawrepresentation
            public var rawRepresentation: Data { fatalError() }

            // https://developer.apple.com/documentation/cryptokit/curve25519/signing/publickey/isvalidsignature(_:for:)
            public func isValidSignature<S, D>(_ signature: S, for data: D) -> Bool
            where S: DataProtocol, D: DataProtocol { fatalError() }
        }

        // https://developer.apple.com/documentation/cryptokit/curve25519/signing/privatekey
        public struct PrivateKey: Sendable {
            // https://developer.apple.com/documentation/cryptokit/curve25519/signing/privatekey/init()
            public init() { fatalError() }

            // https://developer.apple.com/documentation/cryptokit/curve25519/signing/privatekey/init(rawrepresentation:)
            public init<D>(rawRepresentation data: D) throws where D: ContiguousBytes { fatalError() }

            // https://developer.apple.com/documentation/cryptokit/curve25519/signing/privatekey/publickey
            public var publicKey: Curve25519.Signing.PublicKey { fatalError() }

            // https://developer.apple.com/documentation/cryptokit/curve25519/signing/privatekey/rawrepresentation
            public var rawRepresentation: Data { fatalError() }

            // https://developer.apple.com/documentation/cryptokit/curve25519/signing/privatekey/signature(for:)
            public func signature<D>(for data: D) throws -> Data where D: DataProtocol { fatalError() }
        }
    }
}

// https://developer.apple.com/documentation/cryptokit/sha256
public struct SHA256 {
    // https://developer.apple.com/documentation/cryptokit/sha256/digest
    public typealias Digest = SHA256Digest

    // https://developer.apple.com/documentation/cryptokit/hashfunction/hash(data:)
    public static func hash<D>(data: D) -> SHA256.Digest where D: DataProtocol { fatalError() }
}

// https://developer.apple.com/documentation/cryptokit/sha256digest (a Digest: a Sequence of UInt8)
public struct SHA256Digest: Sequence, Hashable, Sendable {
    public typealias Element = UInt8

    // https://developer.apple.com/documentation/cryptokit/sha256digest/makeiterator()
    public func makeIterator() -> Array<UInt8>.Iterator { fatalError() }
}
