import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The GET request for a feed, and whether it is conditional.
///
/// A request carries validators (`If-None-Match`, `If-Modified-Since`) only when the provider asks
/// for a conditional one, a usable cached body exists and a stored validator is fit to send back
/// (``HTTPHeaders/usableValidator(_:)``).
struct FeedRequest {
    /// The request to send.
    var urlRequest: URLRequest
    /// Whether it carries validators, so a `304` can confirm the cached body.
    var isConditional: Bool

    /// The request for `url` under `configuration`.
    ///
    /// - Parameters:
    ///   - cached: The cache record whose validators may be sent.
    ///   - conditional: Whether validators may be sent at all: `false` for the retry after an
    ///     unexpected `304`, and when the cached body does not decode.
    init(url: URL, configuration: RemoteProviderConfiguration, cached: CachedFeed, conditional: Bool) {
        self.init(
            url: url, configuration: configuration, etag: cached.etag, lastModified: cached.lastModified,
            conditional: conditional && cached.body != nil)
    }

    /// The request for the feed's detached signature at `url` (`FeedSignaturePolicy.signatureURL(forFeedAt:)`),
    /// conditional with the signature's own validators when the record keeps a signature.
    init(signatureAt url: URL, configuration: RemoteProviderConfiguration, cached: CachedFeed) {
        self.init(
            url: url, configuration: configuration, etag: cached.signatureETag,
            lastModified: cached.signatureLastModified, conditional: cached.signature != nil)
    }

    private init(
        url: URL, configuration: RemoteProviderConfiguration, etag: String?, lastModified: String?, conditional: Bool
    ) {
        var request = URLRequest(url: url)
        request.httpMethod = "GET"
        request.timeoutInterval = max(1, configuration.requestTimeout.rounded(.up))
        request.cachePolicy = .reloadIgnoringLocalCacheData
        request.setValue(configuration.userAgent, forHTTPHeaderField: "User-Agent")
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        let etag = HTTPHeaders.usableValidator(etag)
        let lastModified = HTTPHeaders.usableValidator(lastModified)
        isConditional = conditional && (etag ?? lastModified) != nil
        if isConditional {
            if let etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
            if let lastModified { request.setValue(lastModified, forHTTPHeaderField: "If-Modified-Since") }
        }
        urlRequest = request
    }

    /// Why no request may be sent to `url`: a scheme other than `https`, or plain `http` without
    /// ``RemoteProviderConfiguration/allowsHTTP``; `nil` when it may.
    static func refusal(of url: URL, configuration: RemoteProviderConfiguration) -> FetchFailure? {
        let scheme = url.scheme?.lowercased()
        if scheme == "https" || (scheme == "http" && configuration.allowsHTTP) { return nil }
        let message =
            scheme == "http"
            ? "plain http is not allowed for \(url.absoluteString); use https or opt in with allowsHTTP"
            : "\(url.absoluteString) is not an http(s) URL"
        return FetchFailure(kind: .configuration, message: message)
    }
}
