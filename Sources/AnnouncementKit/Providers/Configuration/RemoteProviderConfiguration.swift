public import Foundation

/// How a ``RemoteAnnouncementProvider`` fetches, caches and bounds its feed.
///
/// The defaults suit an app polling a static feed on a CDN:
///
/// ```swift
/// var configuration = RemoteProviderConfiguration()
/// configuration.allowedDeepLinkSchemes = ["myapp"]
/// configuration.fallback = [Announcement(id: "welcome", title: "Welcome!", message: "Take the tour.")]
/// let remote = RemoteAnnouncementProvider(
///     url: URL(string: "https://cdn.example.com/announcements.json")!, configuration: configuration)
/// ```
public struct RemoteProviderConfiguration: Sendable {
    /// The default minimum interval between network requests: 15 minutes.
    ///
    /// With `304 Not Modified` answers one million clients make about 1,111 requests per second;
    /// see `docs/serving-feeds.md` for the arithmetic.
    package static let defaultMinimumInterval: TimeInterval = 15 * 60

    /// The default body cap: 1 MiB.
    package static let defaultMaximumBodySize = 1 << 20

    /// The directory of the disk cache (one file per feed URL), created when missing; `nil` keeps
    /// the cache in memory only. Defaults to ``defaultCacheDirectory``.
    public var cacheDirectory: URL?
    /// The largest body accepted, in bytes, counted as it arrives after decoding gzip or any other
    /// content encoding; the fetch fails with ``FetchFailure/Kind/tooLarge`` as soon as it is passed.
    /// The disk cache file is refused past this size plus 64 KiB. 1 MiB by default.
    public var maximumBodySize: Int
    /// The idle timeout of one request, in seconds (whole seconds on Linux, at least 1).
    public var requestTimeout: TimeInterval
    /// The longest a whole fetch may take, redirects and slow servers included, in seconds.
    public var deadline: TimeInterval
    /// The shortest time between two network requests for the feed, unless the app forces one: 15 minutes
    /// by default. With `304 Not Modified` answers one million clients then make about 1,111 requests per
    /// second; see `docs/serving-feeds.md` for the arithmetic.
    public var minimumInterval: TimeInterval
    /// Whether the feed may be fetched over plain `http` (for development servers).
    public var allowsHTTP: Bool
    /// Whether `url` actions in the feed may use plain `http`.
    public var allowsHTTPActions: Bool
    /// The deep-link schemes the app handles; `nil` allows any non-web scheme that is not forbidden.
    public var allowedDeepLinkSchemes: Set<String>?
    /// The `User-Agent` header sent with each request.
    public var userAgent: String
    /// Announcements used when neither the network nor the cache has any (source `fallback`).
    public var fallback: [Announcement]
    /// The default locale of ``fallback``.
    public var fallbackDefaultLocale: String
    /// The bounds of the image phase after each fetch: 512 KiB per image, 4 MiB per fetch, 10 s per image
    /// and 15 s in all by default. Images follow ``allowsHTTP``, as the feed does.
    public var imageLimits = ImagePrefetchLimits()
    /// The signed-feed policy: the public keys that may sign the feed and the verifier that checks
    /// them; `nil` (the default) for a feed that is not signed, and then nothing changes (no signature
    /// is requested or kept).
    ///
    /// With a policy, every request for the feed is followed by one for its detached signature
    /// (`FeedSignaturePolicy.signatureURL(forFeedAt:)`: `<feed URL>.sig` unless the policy names
    /// another URL), conditional with its own validators, at most `FeedSignatureFile`
    /// bytes, within the same ``deadline``. The feed's exact bytes are checked before they are decoded:
    /// a feed whose signature is missing (a `404`), malformed, made by a key not in
    /// ``FeedSignaturePolicy/trustedKeys`` or not valid for those bytes is refused, the last good feed
    /// stays in use, and ``FetchResult/failure`` says why (``FetchFailure/Kind/signature`` with
    /// ``FetchFailure/signatureReason``). The disk cache keeps the signature with the body and checks it
    /// again when it is read, so a cache file changed on disk (or written without a policy) is refused
    /// and removed, as a damaged one is.
    ///
    /// ```swift
    /// import AnnouncementKitSignatures
    ///
    /// var configuration = RemoteProviderConfiguration()
    /// configuration.signaturePolicy = FeedSignaturePolicy(
    ///     trustedKeys: [try FeedPublicKey("ed25519:11qYAYKxCrfVS/7TyWQHOg7hcvPapiMlrwIaaPcHURo=")],
    ///     verifier: Ed25519SignatureVerifier())
    /// ```
    public var signaturePolicy: FeedSignaturePolicy?

    /// Creates a configuration; every value has a default (the body cap 1 MiB, a 10 s request timeout, a
    /// 30 s deadline, 15 minutes between requests).
    public init(
        cacheDirectory: URL? = RemoteProviderConfiguration.defaultCacheDirectory,
        maximumBodySize: Int = 1 << 20,
        requestTimeout: TimeInterval = 10,
        deadline: TimeInterval = 30,
        minimumInterval: TimeInterval = 15 * 60,
        allowsHTTP: Bool = false,
        allowsHTTPActions: Bool = false,
        allowedDeepLinkSchemes: Set<String>? = nil,
        userAgent: String = RemoteProviderConfiguration.defaultUserAgent,
        fallback: [Announcement] = [],
        fallbackDefaultLocale: String = "en"
    ) {
        self.cacheDirectory = cacheDirectory
        self.maximumBodySize = maximumBodySize
        self.requestTimeout = requestTimeout
        self.deadline = deadline
        self.minimumInterval = minimumInterval
        self.allowsHTTP = allowsHTTP
        self.allowsHTTPActions = allowsHTTPActions
        self.allowedDeepLinkSchemes = allowedDeepLinkSchemes
        self.userAgent = userAgent
        self.fallback = fallback
        self.fallbackDefaultLocale = fallbackDefaultLocale
    }

    /// `AnnouncementKit/<version>`, so server logs can tell the package's requests apart.
    public static let defaultUserAgent = "AnnouncementKit/0.2.0"

    /// The user's caches directory (`~/.cache` on Linux, `Library/Caches` on Apple platforms)
    /// with an `AnnouncementKit` folder, or `nil` when the system has none.
    public static var defaultCacheDirectory: URL? {
        FileManager.default.urls(for: .cachesDirectory, in: .userDomainMask).first?
            .appendingPathComponent("AnnouncementKit", isDirectory: true)
    }

    /// The action policy the feed's items are checked with.
    var actionPolicy: ActionPolicy {
        var policy = ActionPolicy(allowsHTTP: allowsHTTPActions, allowedDeepLinkSchemes: allowedDeepLinkSchemes)
        policy.allowsHTTPImages = allowsHTTP
        return policy
    }
}
