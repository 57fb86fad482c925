#if canImport(FoundationNetworking)
    package import FoundationNetworking
#else
    package import Foundation
#endif

/// What sends the remote provider's requests: one request at a time, answered whole or not at
/// all. ``HTTPDownloader`` (one `URLSession` per request) is the one the provider uses unless it
/// is given another, such as a scripted downloader in tests.
///
/// The provider owns the rest: it builds the request (``FeedRequest``), races the download
/// against its overall deadline (``DeadlineRace``) and decides what the answer means. It still
/// refuses a body past its cap when a downloader hands one over.
package protocol FeedDownloading: Sendable {
    /// Sends `request` and waits for the whole answer. Throws a ``FeedDownloadFailure``, or
    /// `CancellationError` when the calling task is cancelled (which must end the wait promptly).
    func download(_ request: URLRequest) async throws -> FeedResponse

    /// Sends `request` as ``download(_:)`` does, with a body cap of `maximumBodySize` bytes for this
    /// request alone (an image's, say) when it is lower than the downloader's own.
    func download(_ request: URLRequest, maximumBodySize: Int) async throws -> FeedResponse

    /// The body bytes the last download received from the network (after decoding), whether it
    /// succeeded or not.
    var lastBytesReceived: Int { get }
}

extension FeedDownloading {
    /// Sends `request` with ``download(_:)``: a downloader without a cap of its own per request hands
    /// over whole bodies, and the provider refuses one past the cap.
    package func download(_ request: URLRequest, maximumBodySize: Int) async throws -> FeedResponse {
        try await download(request)
    }
}
