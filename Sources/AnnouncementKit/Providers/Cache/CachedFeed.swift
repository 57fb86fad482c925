import Foundation

/// What the disk cache keeps for one feed URL: the last good body with its validators and fetch
/// time, and the back-off state after failures.
///
/// A record may have no body: it then only carries the back-off state.
struct CachedFeed: Sendable, Hashable {
    /// The last body that decoded as a feed, as received (after gzip decoding).
    var body: Data?
    /// The `ETag` that came with ``body``.
    var etag: String?
    /// The `Last-Modified` that came with ``body``.
    var lastModified: String?
    /// When the server last gave or confirmed ``body`` (200 or 304).
    var fetchedAt: Date?
    /// The server's `Cache-Control: max-age`, in seconds.
    var maxAge: TimeInterval?
    /// Whether the server said `Cache-Control: no-cache` (revalidate every time).
    var noCache = false
    /// Failures since the last success.
    var failureCount = 0
    /// No request before this instant, unless forced.
    var nextAttemptAt: Date?
    /// The server answered a 4xx other than 408 and 429: no request until the app forces one.
    var needsExplicitRequest = false
    /// What went wrong last, for the result after a restart.
    var lastFailure: String?
    /// The bytes of ``body``'s detached signature file, as received, when the provider has a
    /// ``RemoteProviderConfiguration/signaturePolicy``; checked again whenever the record is read.
    var signature: Data?
    /// The `ETag` that came with ``signature``.
    var signatureETag: String?
    /// The `Last-Modified` that came with ``signature``.
    var signatureLastModified: String?

    /// The record with the body, its signature and the validators removed (for `no-store` and for a
    /// body-less back-off record).
    var withoutBody: CachedFeed {
        var copy = self
        copy.body = nil
        copy.etag = nil
        copy.lastModified = nil
        copy.maxAge = nil
        copy.noCache = false
        copy.signature = nil
        copy.signatureETag = nil
        copy.signatureLastModified = nil
        return copy
    }
}
