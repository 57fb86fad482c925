public import Foundation

/// What loading announcements gave: the announcements, where they came from, and why when
/// something went wrong, as ``AnnouncementFeedProviding/fetchFeed(force:)`` gives it. A feed
/// provider never throws: a failure is described here and the result carries the best
/// announcements still available.
public struct FetchResult: Sendable, Hashable {
    /// Where the announcements came from.
    public enum Source: String, Sendable, Hashable, Codable {
        /// A fresh body from the server (HTTP 200).
        case network
        /// The server said the cached body is current (HTTP 304), or the cache is still fresh.
        case notModified
        /// The network failed; the last good cached feed is in use.
        case cache
        /// The network failed and there is no cache; the local definitions (or nothing) are in use.
        case fallback
        /// Announcements defined in code.
        case local
    }

    /// The announcements to use, in feed order.
    public var announcements: [Announcement]
    /// The feed's default locale.
    public var defaultLocale: String
    /// Where they came from.
    public var source: Source
    /// The HTTP status of the response, when there was one.
    public var status: Int?
    /// The `ETag` the cached body was stored with.
    public var etag: String?
    /// The `Last-Modified` the cached body was stored with.
    public var lastModified: String?
    /// When the body in use was fetched from the network.
    public var fetchedAt: Date?
    /// The decoder's findings about the feed in use.
    public var diagnostics: [Diagnostic]
    /// Items of the feed that were dropped.
    public var rejected: [RejectedAnnouncement]
    /// Why the network could not be used, when it could not.
    public var failure: FetchFailure?
    /// Body bytes received from the network by this fetch (`0` for a `304`), the signature file's
    /// included when there is a ``RemoteProviderConfiguration/signaturePolicy``; `nil` when no request
    /// was sent.
    public var bytesReceived: Int?
    /// The feed's global `limits`, when it sets them.
    public var limits: AnnouncementFeed.Limits?
    /// What this fetch did with the images of the announcements; `nil` for a provider that keeps no
    /// images.
    public var images: ImageFetchSummary?

    /// Creates a result.
    public init(
        announcements: [Announcement], defaultLocale: String = "en", source: Source, status: Int? = nil,
        etag: String? = nil, lastModified: String? = nil, fetchedAt: Date? = nil, diagnostics: [Diagnostic] = [],
        rejected: [RejectedAnnouncement] = [], failure: FetchFailure? = nil, bytesReceived: Int? = nil,
        limits: AnnouncementFeed.Limits? = nil, images: ImageFetchSummary? = nil
    ) {
        self.announcements = announcements
        self.defaultLocale = defaultLocale
        self.source = source
        self.status = status
        self.etag = etag
        self.lastModified = lastModified
        self.fetchedAt = fetchedAt
        self.diagnostics = diagnostics
        self.rejected = rejected
        self.failure = failure
        self.bytesReceived = bytesReceived
        self.limits = limits
        self.images = images
    }
}

/// Why a provider could not load a fresh feed.
public struct FetchFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kinds of failure.
    public enum Kind: String, Sendable, Hashable, Codable {
        /// No connection, DNS failure, connection refused or reset.
        case network
        /// No complete answer before the request timeout or the overall deadline.
        case timeout
        /// The server answered with an error status.
        case httpStatus
        /// The body is larger than the configured cap.
        case tooLarge
        /// The body is not a usable feed (not UTF-8, not JSON, wrong shape, newer schema).
        case invalidFeed
        /// The feed was refused because it has no valid signature by a trusted key
        /// (``RemoteProviderConfiguration/signaturePolicy``); ``FetchFailure/signatureReason`` says
        /// which problem it has.
        case signature
        /// The request was not sent: the minimum interval or a back-off after failures is running.
        case throttled
        /// The URL or the configuration is not allowed (for example plain http without opt-in).
        case configuration
        /// The task was cancelled.
        case cancelled
    }

    /// What kind of failure it is.
    public var kind: Kind
    /// What happened, for logs and the CLI.
    public var message: String
    /// When the next request will be allowed, for `throttled` and after failures.
    public var retryAfter: Date?
    /// For a ``Kind/signature`` failure, what is wrong with the signature:
    /// ``FeedSignatureError/Kind/missing``, ``FeedSignatureError/Kind/malformedSignature``,
    /// ``FeedSignatureError/Kind/unknownKey`` or ``FeedSignatureError/Kind/badSignature``; `nil` for the
    /// other kinds.
    public var signatureReason: FeedSignatureError.Kind?

    /// Creates a failure.
    public init(
        kind: Kind, message: String, retryAfter: Date? = nil, signatureReason: FeedSignatureError.Kind? = nil
    ) {
        self.kind = kind
        self.message = message
        self.retryAfter = retryAfter
        self.signatureReason = signatureReason
    }

    /// `kind: message`.
    public var description: String { "\(kind.rawValue): \(message)" }
}
