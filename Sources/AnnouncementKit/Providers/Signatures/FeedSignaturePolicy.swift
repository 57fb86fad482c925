public import Foundation

/// What an app that insists on signed feeds trusts: the public keys that may sign its feed, and the
/// verifier that checks them.
///
/// ```swift
/// import AnnouncementKitSignatures
///
/// var configuration = RemoteProviderConfiguration()
/// configuration.signaturePolicy = try FeedSignaturePolicy(
///     trustedKeys: [FeedPublicKey("ed25519:11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo=")],
///     verifier: Ed25519SignatureVerifier())
/// ```
///
/// With a policy set, a feed whose signature is missing, malformed, by a key not listed here, or not
/// valid for the feed's exact bytes is refused before it is decoded; the last good feed stays in use.
/// List two keys while rotating: the old one until every served feed is signed by the new one.
public struct FeedSignaturePolicy: Sendable {
    /// The keys whose signatures are accepted.
    public var trustedKeys: [FeedPublicKey]
    /// The cryptography (`Ed25519SignatureVerifier` from `AnnouncementKitSignatures`, or a stub in tests).
    public var verifier: any FeedSignatureVerifying
    /// Where the signature is fetched from; `nil`: the feed's URL with `.sig` appended to its path.
    public var signatureURL: URL?

    /// Creates a policy.
    public init(trustedKeys: [FeedPublicKey], verifier: any FeedSignatureVerifying, signatureURL: URL? = nil) {
        self.trustedKeys = trustedKeys
        self.verifier = verifier
        self.signatureURL = signatureURL
    }

    /// The URL of the signature of the feed at `feedURL`: ``signatureURL``, or the feed's path with
    /// `.sig` appended (the query and fragment kept).
    package func signatureURL(forFeedAt feedURL: URL) -> URL {
        if let signatureURL { return signatureURL }
        guard var components = URLComponents(url: feedURL, resolvingAgainstBaseURL: false) else {
            return feedURL.appendingPathExtension("sig")
        }
        // An empty path (`https://cdn.example.com?v=1`) is `/`: a URL with a host has no path that
        // does not start with a slash.
        components.percentEncodedPath =
            (components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath) + ".sig"
        return components.url ?? feedURL.appendingPathExtension("sig")
    }

    /// Checks `body`, the exact bytes of a feed, against the bytes of its signature file.
    ///
    /// - Parameters:
    ///   - body: the feed's bytes, exactly as served.
    ///   - signatureFile: the signature file's bytes; `nil` when there is none.
    /// - Returns: the trusted key that signed it.
    /// - Throws: ``FeedSignatureError``: ``FeedSignatureError/Kind/missing``,
    ///   ``FeedSignatureError/Kind/malformedSignature``, ``FeedSignatureError/Kind/unknownKey`` or
    ///   ``FeedSignatureError/Kind/badSignature``.
    @discardableResult
    package func check(_ body: Data, signatureFile: Data?) throws(FeedSignatureError) -> FeedPublicKey {
        guard let signatureFile else {
            throw FeedSignatureError(
                .missing, "the feed has no signature file; sign it with 'announce sign' and serve FEED.sig beside it")
        }
        let parsed = try FeedSignatureFile(parsing: signatureFile)
        return try check(body, signature: parsed)
    }

    /// Checks `body` against a parsed signature; see ``check(_:signatureFile:)``.
    @discardableResult
    package func check(_ body: Data, signature: FeedSignatureFile) throws(FeedSignatureError) -> FeedPublicKey {
        guard let key = trustedKeys.first(where: { $0.keyID(using: verifier) == signature.keyID }) else {
            let known = trustedKeys.map { $0.keyID(using: verifier) }.joined(separator: ", ")
            throw FeedSignatureError(
                .unknownKey,
                "the feed is signed by key \(signature.keyID), which is not trusted (trusted: \(known.isEmpty ? "none" : known))"
            )
        }
        guard verifier.isValidSignature(signature.signature, of: body, publicKey: key.rawRepresentation) else {
            throw FeedSignatureError(
                .badSignature,
                "the signature by key \(signature.keyID) does not match the feed's bytes: the feed or its signature was changed after signing"
            )
        }
        return key
    }
}
