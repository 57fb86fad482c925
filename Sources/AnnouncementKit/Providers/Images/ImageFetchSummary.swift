public import Foundation

/// What a fetch did with the images of its announcements (``FetchResult/images``).
///
/// Every distinct image URL of the feed counts once, in exactly one of ``fetched``, ``cached`` and
/// ``failed``. A failed image never costs its announcement: it shows with its text only, and the image
/// is tried again at the next fetch.
public struct ImageFetchSummary: Sendable, Hashable {
    /// One image that is not available, and why.
    public struct Failure: Sendable, Hashable {
        /// Which bound of ``ImagePrefetchLimits`` left an image out.
        public enum Limit: String, Sendable, Hashable, CaseIterable {
            /// ``ImagePrefetchLimits/maximumImageSize``: the image is larger.
            case imageSize
            /// ``ImagePrefetchLimits/maximumTotalSize``: the fetch's image bytes were spent.
            case totalSize
            /// ``ImagePrefetchLimits/maximumImages``: the fetch's requests were used up.
            case requests
            /// ``ImagePrefetchLimits/imageDeadline`` or ``ImagePrefetchLimits/deadline``: time ran out.
            case deadline
        }

        /// The image's URL.
        public var url: URL
        /// What went wrong, for logs and the CLI (such as `the server answered 404 Not Found`).
        public var reason: String
        /// The bound that left the image out, when one did; `nil` for any other failure (an error status,
        /// a network failure, a body that is not an image).
        public var limit: Limit?

        /// Creates a failure.
        package init(url: URL, reason: String, limit: Limit? = nil) {
            self.url = url
            self.reason = reason
            self.limit = limit
        }
    }

    /// Images downloaded with a `200` by this fetch.
    public var fetched: Int
    /// Images served from the cache: still fresh by their `Cache-Control: max-age` (no request), or
    /// confirmed with a `304`, or kept because a new download failed; also every cached image of a fetch
    /// answered without the network.
    public var cached: Int
    /// Images not available.
    public var failed: Int
    /// Why each failed image is not available, in feed order.
    public var failures: [Failure]

    /// Creates a summary.
    package init(fetched: Int = 0, cached: Int = 0, failed: Int = 0, failures: [Failure] = []) {
        self.fetched = fetched
        self.cached = cached
        self.failed = failed
        self.failures = failures
    }
}
